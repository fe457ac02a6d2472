// The `sync` group of the client, built from the standalone operations.
import { type ApiPromise, type BoundGroup, bindOperation, bindOperations } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { readSyncHelp } from '../help.js';
import {
  listAssociations,
  readAssociations,
  readSecretDestinations,
  removeAssociation,
  setAssociation,
} from './associations.js';
import { readSyncConfig, updateSyncConfig } from './config.js';
import { patchDestination } from './destination-patch.js';
import {
  deleteDestination,
  listDestinations,
  listDestinationsByType,
  readDestination,
  writeDestination,
} from './destinations.js';
import { deleteRepoHostApp, readRepoHostApp, writeRepoHostApp } from './repo-host-apps.js';
import type { DestinationInputs } from './request-schemas.js';
import type { Destination, DestinationType } from './schemas.js';
import { waitForSyncStatus } from './wait-for-sync-status.js';

/** The destination operations whose binding keeps their types; `write` is bound by hand, keeping its type parameter. */
const destinationOperations = {
  /**
   * LIST /v1/sys/sync/destinations — {@link listDestinations} with this client's core.
   *
   * Lists every destination, grouped by type.
   *
   * `keys` holds the types with a trailing slash (`'repo-host/'`), `key_info` the names under each type. No
   * destinations lists none (`keys: []`, `total_destinations: 0`).
   *
   * Options: `namespace`, `listMethod` (`LIST` or `GET ?list=true`; the client's by default).
   *
   * @example
   * ```ts
   * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
   * const { key_info, total_destinations } = await secrets.sync.destinations.list();
   * console.log(key_info, total_destinations); // { 'repo-host/': ['ci'] } 1
   * ```
   * @throws {RequestValidationError} before sending, when `listMethod` is neither `LIST` nor `GET`.
   * @throws {PermissionDeniedError} when the token's policy does not allow listing destinations.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  list: listDestinations,
  /**
   * LIST /v1/sys/sync/destinations/:type — {@link listDestinationsByType} with this client's core.
   *
   * Lists the destinations of one type.
   *
   * A type without destinations lists none (`keys: []`).
   *
   * Options: `namespace`, `listMethod` (`LIST` or `GET ?list=true`; the client's by default).
   *
   * @example
   * ```ts
   * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
   * const { keys } = await secrets.sync.destinations.listByType('repo-host');
   * console.log(keys); // ['ci']
   * ```
   * @throws {RequestValidationError} before sending, when the type is empty or holds `/`, `%` or a control
   * character, or `listMethod` is neither `LIST` nor `GET`.
   * @throws {PermissionDeniedError} when the token's policy does not allow listing destinations.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listByType: listDestinationsByType,
  /**
   * GET /v1/sys/sync/destinations/:type/:name — {@link readDestination} with this client's core.
   *
   * Reads a destination (secrets masked).
   *
   * The answer holds `connection_details` (access keys, tokens and other secrets replaced by `*****`) and
   * `options` (granularity, secret name template, custom tags); `purge_initiated_at` while a purge runs.
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
   * const destination = await secrets.sync.destinations.read('repo-host', 'ci');
   * console.log(destination.connection_details.access_token); // '*****'
   * ```
   * @throws {NotFoundError} when no destination of that type has that name.
   * @throws {RequestValidationError} before sending, when the type or name is empty or holds `/`, `%` or a control character.
   * @throws {PermissionDeniedError} when the token's policy does not allow reading the destination.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readDestination,
  /**
   * DELETE /v1/sys/sync/destinations/:type/:name, with `purge` when asked — {@link deleteDestination} with this client's core.
   *
   * Deletes a destination; refused while it has associations unless `purge`.
   *
   * With `purge: true` the service first unsyncs and deletes the destination's associations, in the
   * background, then the destination (`readDestination` shows `purge_initiated_at` meanwhile). Deleting a
   * destination that does not exist succeeds.
   *
   * Options: `purge` (default false), `namespace`.
   *
   * @example
   * ```ts
   * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
   * await secrets.sync.destinations.delete('repo-host', 'ci', { purge: true });
   * ```
   * @throws {BadRequestError} when the destination still has associations and `purge` is not true.
   * @throws {RequestValidationError} before sending, when the type or name is empty or holds `/`, `%` or a control character.
   * @throws {PermissionDeniedError} when the token's policy does not allow deleting the destination.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  delete: deleteDestination,
};

/** `client.sync.destinations`: destinations secrets are synced to, bound to the client's core. */
export interface DestinationsGroup extends BoundGroup<SecretsCore, typeof destinationOperations> {
  /**
   * POST /v1/sys/sync/destinations/:type/:name — {@link writeDestination}: creates or updates a destination, its fields checked against its type.
   *
   * The type picks the fields `destination` must have, in the types and before sending: see the writer of
   * each type (`writeRepoHostDestination`, ...). The answer is the destination as stored, its secrets
   * masked, or undefined.
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * await secrets.sync.destinations.write('repo-host', 'ci', {
   *   access_token: 'repo-token',
   *   repository_owner: 'acme',
   *   repository_name: 'api',
   * });
   * ```
   * @throws {RequestValidationError} before sending, when the type is not one of the five, the fields break
   * that type's rules (see its writer), or the name is empty or holds `/`, `%` or a control character.
   * @throws {BadRequestError} when the service refuses the fields, or the destination is being purged.
   * @throws {PermissionDeniedError} when the token's policy does not allow writing destinations.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  readonly write: <T extends DestinationType>(
    type: T,
    name: string,
    destination: DestinationInputs[T],
    options?: SecretsRequestOptions,
  ) => ApiPromise<Destination | undefined, SecretsMeta>;
  /**
   * PATCH /v1/sys/sync/destinations/:type/:name — {@link patchDestination}: changes only the fields given
   * of an existing destination, each checked against its type.
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * await secrets.sync.destinations.write('cloud1-sm', 'prod-store', { region: 'us-west-1' });
   * await secrets.sync.destinations.patch('cloud1-sm', 'prod-store', { region: 'eu-west-1' });
   * ```
   * @throws {RequestValidationError} before sending, when the type is not one of the five, a field is
   * not one of that type's or breaks its rules, or the name cannot be one path segment.
   * @throws {NotFoundError} when the destination does not exist.
   * @throws {BadRequestError} when the service refuses the change, or the destination is being purged.
   * @throws {PermissionDeniedError} when the token's policy does not allow `patch` on destinations.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  readonly patch: <T extends DestinationType>(
    type: T,
    name: string,
    changes: Partial<DestinationInputs[T]>,
    options?: SecretsRequestOptions,
  ) => ApiPromise<Destination | undefined, SecretsMeta>;
}

/** Builds `client.sync.destinations`. */
function destinationsGroup(core: SecretsCore): DestinationsGroup {
  return {
    ...bindOperations(core, destinationOperations),
    write: (type, name, destination, options) => writeDestination(core, type, name, destination, options),
    patch: (type, name, changes, options) => patchDestination(core, type, name, changes, options),
  };
}

/** `client.sync`: secret sync, each operation bound to the client's core. */
export interface SyncGroup extends ReturnType<typeof syncGroup> {}

/** Builds `client.sync`. */
export function syncGroup(core: SecretsCore) {
  return {
    /**
     * GET /v1/sys/sync?help=1 — help text and OpenAPI document of `sys/sync`.
     *
     * `help` is markdown; `openapi` a small OpenAPI 3 document of the paths below, relative to the queried one.
     *
     * Options: `namespace`.
     *
     * @example
     * ```ts
     * const { help } = await secrets.sync.help();
     * console.log(help);
     * ```
     * @throws {PermissionDeniedError} when the token's policy does not allow reading the path.
     * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
     */
    help: bindOperation(core, readSyncHelp),
    /** The sync configuration. */
    config: bindOperations(core, {
      /**
       * GET /v1/sys/sync/config — {@link readSyncConfig} with this client's core.
       *
       * Reads the sync configuration.
       *
       * Options: `namespace` (the root or the administrative namespace only).
       *
       * @example
       * ```ts
       * const { disabled, queue_capacity } = await secrets.sync.config.read();
       * console.log(disabled, queue_capacity); // false 1000000
       * ```
       * @throws {BadRequestError} when the call's namespace is neither the root nor the administrative namespace.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the sync configuration.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readSyncConfig,
      /**
       * PATCH /v1/sys/sync/config — {@link updateSyncConfig} with this client's core.
       *
       * Changes the sync configuration; re-enabling processes the PENDING operations.
       *
       * `disabled: true` suspends syncing: what associations trigger then waits as `PENDING` until syncing is
       * enabled again. `queue_capacity` bounds the pending operations (default 1 000 000). Only the fields given
       * change; the answer is the configuration after the change.
       *
       * Options: `namespace` (the root or the administrative namespace only).
       *
       * @example
       * ```ts
       * const config = await secrets.sync.config.update({ disabled: true });
       * console.log(config.disabled); // true
       * ```
       * @throws {RequestValidationError} before sending, when `disabled` is not a boolean (or `"true"`/`"false"`),
       * or `queue_capacity` is not a whole number of at least 1.
       * @throws {BadRequestError} when the call's namespace is neither the root nor the administrative namespace.
       * @throws {PermissionDeniedError} when the token's policy does not allow changing the sync configuration.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      update: updateSyncConfig,
    }),
    /** Destinations secrets are synced to. */
    destinations: destinationsGroup(core),
    /** Associations of secrets with destinations. */
    associations: bindOperations(core, {
      /**
       * GET /v1/sys/sync/destinations/:type/:name/associations — {@link readAssociations} with this client's core.
       *
       * Reads the secrets associated with a destination.
       *
       * `associated_secrets` is keyed `<mount accessor>/<secret name>`, each with its `sync_status` and `updated_at`.
       *
       * Options: `namespace`.
       *
       * @example
       * ```ts
       * await secrets.kv.write('api/token', { value: 's3cr3t' });
       * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
       * await secrets.sync.associations.set('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
       * const { associated_secrets } = await secrets.sync.associations.read('repo-host', 'ci');
       * for (const secret of Object.values(associated_secrets)) console.log(secret.secret_name, secret.sync_status);
       * ```
       * @throws {NotFoundError} when no destination of that type has that name.
       * @throws {RequestValidationError} before sending, when the type or name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the destination's associations.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readAssociations,
      /**
       * POST /v1/sys/sync/destinations/:type/:name/associations/set — {@link setAssociation} with this client's core.
       *
       * Links a secret to a destination and syncs it (PENDING while sync is disabled).
       *
       * Only versioned key-value secrets can be associated; the secret's current version is synced. Setting an
       * association that exists syncs it again (a failed sync is retried). The answer holds the association with
       * its status.
       *
       * Options: `namespace`.
       *
       * @example
       * ```ts
       * await secrets.kv.write('api/token', { value: 's3cr3t' });
       * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
       * const { associated_secrets } = await secrets.sync.associations.set('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
       * console.log(Object.values(associated_secrets)[0]?.sync_status); // 'SYNCED'
       * ```
       * @throws {NotFoundError} when no destination of that type has that name.
       * @throws {BadRequestError} when the mount is not a versioned key-value mount, the secret has no current
       * version, or the destination is being purged.
       * @throws {RequestValidationError} before sending, when `mount` or `secret_name` is empty, or the type or
       * name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow changing the destination's associations.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      set: setAssociation,
      /**
       * POST /v1/sys/sync/destinations/:type/:name/associations/remove — {@link removeAssociation} with this client's core.
       *
       * Unlinks a secret and deletes it at the destination; always reports success.
       *
       * The service reports success whether or not the association or the secret at the destination existed; the
       * status becomes `UNSYNCED` (`PENDING` while syncing is disabled).
       *
       * Options: `namespace`.
       *
       * @example
       * ```ts
       * await secrets.kv.write('api/token', { value: 's3cr3t' });
       * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
       * await secrets.sync.associations.set('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
       * await secrets.sync.associations.remove('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
       * ```
       * @throws {NotFoundError} when no destination of that type has that name.
       * @throws {BadRequestError} when the mount is not a versioned key-value mount.
       * @throws {RequestValidationError} before sending, when `mount` or `secret_name` is empty, or the type or
       * name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow changing the destination's associations.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      remove: removeAssociation,
      /**
       * LIST /v1/sys/sync/associations — {@link listAssociations} with this client's core.
       *
       * Lists every associated secret.
       *
       * `keys` are `<mount>/<secret name>`; one secret may go to several destinations, so `total_associations`
       * can exceed `total_secrets`. No associations lists none (`keys: []`).
       *
       * Options: `namespace`, `listMethod` (`LIST` or `GET ?list=true`; the client's by default).
       *
       * @example
       * ```ts
       * await secrets.kv.write('api/token', { value: 's3cr3t' });
       * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
       * await secrets.sync.associations.set('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
       * const { keys, total_associations } = await secrets.sync.associations.list();
       * console.log(keys, total_associations); // ['secret/api/token'] 1
       * ```
       * @throws {RequestValidationError} before sending, when `listMethod` is neither `LIST` nor `GET`.
       * @throws {PermissionDeniedError} when the token's policy does not allow listing associations.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      list: listAssociations,
      /**
       * GET /v1/sys/sync/associations/:mount/:name (or its query form) — the destinations of one secret (the
       * query form is used when a name holds `/`).
       *
       * `associated_destinations` is keyed `<type>/<name>`, each with its `sync_status`; a secret without
       * associations has none.
       *
       * Options: `form` (`'path'` or `'query'`; by default the query form when the mount or the name holds `/` or
       * `%`), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.kv.write('api/token', { value: 's3cr3t' });
       * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
       * await secrets.sync.associations.set('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
       * const { associated_destinations } = await secrets.sync.associations.destinationsOf('secret', 'api/token');
       * console.log(associated_destinations['repo-host/ci']?.sync_status); // 'SYNCED'
       * ```
       * @throws {RequestValidationError} before sending, when the mount or the secret name is empty, or `form` is
       * `'path'` and one of them holds what a path segment cannot carry.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading associations.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      destinationsOf: readSecretDestinations,
      /**
       * GET /v1/sys/sync/associations, read until it changes — waits until the association reaches `status`
       * (one status or several).
       *
       * Use it after setting or removing an association, whose sync runs in the background. Between reads it
       * pauses `intervalMs`, doubled (with jitter) while nothing changes, up to `maxIntervalMs`.
       *
       * Options: `intervalMs` (default 1000), `maxIntervalMs` (default 15 000), `timeoutMs` (default 60 000),
       * `clock`, `signal`, `namespace`.
       *
       * @example
       * ```ts
       * await secrets.kv.write('api/token', { value: 's3cr3t' });
       * await secrets.sync.destinations.write('repo-host', 'ci', { access_token: 'repo-token', repository_owner: 'acme', repository_name: 'api' });
       * await secrets.sync.associations.set('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
       * const entry = await secrets.sync.associations.waitForStatus(
       *   { type: 'repo-host', name: 'ci', mount: 'secret', secret_name: 'api/token' },
       *   'SYNCED',
       *   { timeoutMs: 30_000 },
       * );
       * console.log(entry.sync_status, entry.updated_at);
       * ```
       * @throws {TimeoutError} when the association has not reached one of the statuses within `timeoutMs`
       * (the message says the status last seen), or a read times out.
       * @throws {AbortError} when `signal` aborts the wait.
       * @throws {RequestValidationError} before the first read, when the mount or the secret name is empty.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading associations.
       * @throws {ConnectionError} when the service cannot be reached.
       */
      waitForStatus: waitForSyncStatus,
    }),
    /** Repository-host apps that repo-host destinations authenticate with. */
    repoHostApps: bindOperations(core, {
      /**
       * POST /v1/sys/sync/github-apps/:name — {@link writeRepoHostApp} with this client's core.
       *
       * Configures a repository-host app (its private key is returned masked).
       *
       * A `repo-host` destination authenticates as the app by naming it in `app_name`, with an `installation_id`.
       * The answer holds the app's id, the key's fingerprint and the key masked (`*****`).
       *
       * Options: `namespace`.
       *
       * @example
       * ```ts
       * const pem = '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n';
       * const app = await secrets.sync.repoHostApps.write('deploy-app', { app_id: 123456, private_key: pem });
       * console.log(app.app_id, app.fingerprint); // 123456 ...
       * ```
       * @throws {RequestValidationError} before sending, when `app_id` is not a positive whole number (or its
       * digits), `private_key` is empty, or the name is empty or holds `/`, `%` or a control character.
       * @throws {BadRequestError} when the service refuses the app's fields.
       * @throws {PermissionDeniedError} when the token's policy does not allow writing the app.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      write: writeRepoHostApp,
      /**
       * GET /v1/sys/sync/github-apps/:name — {@link readRepoHostApp} with this client's core.
       *
       * Reads a repository-host app.
       *
       * The private key comes back masked (`*****`).
       *
       * Options: `namespace`.
       *
       * @example
       * ```ts
       * await secrets.sync.repoHostApps.write('deploy-app', { app_id: 123456, private_key: '-----BEGIN RSA PRIVATE KEY-----\n...' });
       * const app = await secrets.sync.repoHostApps.read('deploy-app');
       * console.log(app.app_id, app.private_key); // 123456 '*****'
       * ```
       * @throws {NotFoundError} when no app has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the app.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readRepoHostApp,
      /**
       * DELETE /v1/sys/sync/github-apps/:name — {@link deleteRepoHostApp} with this client's core.
       *
       * Deletes an app no destination uses (the external app stays).
       *
       * Deleting an app that does not exist succeeds.
       *
       * Options: `namespace`.
       *
       * @example
       * ```ts
       * await secrets.sync.repoHostApps.write('deploy-app', { app_id: 123456, private_key: '-----BEGIN RSA PRIVATE KEY-----\n...' });
       * await secrets.sync.repoHostApps.delete('deploy-app');
       * ```
       * @throws {BadRequestError} when a `repo-host` destination still names the app in its `app_name`.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow deleting the app.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      delete: deleteRepoHostApp,
    }),
  };
}
