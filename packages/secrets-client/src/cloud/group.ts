// The `cloud` group of the client, built from the standalone operations.
import { bindOperation, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { readCloudHelp } from '../help.js';
import { readCloudConfig, rotateCloudRoot, writeCloudConfig } from './config.js';
import {
  deleteImpersonatedAccount,
  generateImpersonatedAccountToken,
  listImpersonatedAccounts,
  readImpersonatedAccount,
  writeImpersonatedAccount,
} from './impersonated-accounts.js';
import {
  deleteRoleset,
  generateRolesetKey,
  generateRolesetToken,
  listRolesets,
  readRoleset,
  rotateRoleset,
  rotateRolesetKey,
  writeRoleset,
} from './rolesets.js';
import {
  deleteStaticAccount,
  generateStaticAccountKey,
  generateStaticAccountToken,
  listStaticAccounts,
  readStaticAccount,
  rotateStaticAccountKey,
  writeStaticAccount,
} from './static-accounts.js';

/** `client.cloud`: the cloud-credentials engine, each operation bound to the client's core. */
export interface CloudGroup extends ReturnType<typeof cloudGroup> {}

/** Builds `client.cloud`. */
export function cloudGroup(core: SecretsCore) {
  return {
    /**
     * GET /v1/{cloud_mount}?help=1 — help text and OpenAPI document of the engine's mount.
     *
     * `help` is markdown; `openapi` a small OpenAPI 3 document of the paths below, relative to the queried one.
     *
     * Options: `mount` (the client's `cloudMount` by default), `namespace`.
     *
     * @example
     * ```ts
     * const { help } = await secrets.cloud.help();
     * console.log(help);
     * ```
     * @throws {NotFoundError} when no engine is mounted at the mount path.
     * @throws {RequestValidationError} before sending, when the `mount` option is not a mount path.
     * @throws {PermissionDeniedError} when the token's policy does not allow reading the path.
     * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
     */
    help: bindOperation(core, readCloudHelp),
    /** The engine configuration. */
    config: bindOperations(core, {
      /**
       * POST /v1/{cloud_mount}/config — {@link writeCloudConfig} with this client's core.
       *
       * Writes the engine configuration (new root credentials replace the old ones).
       *
       * Root credentials come from `credentials` (the JSON of a credentials file) or, by workload identity
       * federation, from `identity_token_audience` with `service_account_email`; without either, the service uses
       * the credentials of its own environment. `ttl` and `max_ttl` bound the leases of service-account keys.
       * Only the fields given change; reads never return the credentials.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.config.write({ ttl: '1h', max_ttl: '4h' });
       * ```
       * @throws {RequestValidationError} before sending, when a field breaks the spec (`credentials` with
       * `identity_token_audience`, a TTL that is not a duration, a rotation period under 10 seconds, period and
       * schedule together, a window under an hour or with a period), or the `mount` option is not a mount path.
       * @throws {BadRequestError} when the service refuses: `credentials` that are not JSON, or
       * `identity_token_audience` without a `service_account_email`.
       * @throws {PermissionDeniedError} when the token's policy does not allow writing the configuration.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      write: writeCloudConfig,
      /**
       * GET /v1/{cloud_mount}/config — {@link readCloudConfig} with this client's core.
       *
       * Reads the engine configuration (without credentials).
       *
       * `ttl` and `max_ttl` come back as duration text (`'1h'`), with the identity and rotation settings.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.config.write({ ttl: '1h', max_ttl: '4h' });
       * const config = await secrets.cloud.config.read();
       * console.log(config.ttl, config.max_ttl); // '1h' '4h'
       * ```
       * @throws {RequestValidationError} before sending, when the `mount` option is not a mount path.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the configuration.
       * @throws {NotFoundError} when no engine is mounted at the mount path.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readCloudConfig,
      /**
       * POST /v1/{cloud_mount}/config/rotate-root — {@link rotateCloudRoot} with this client's core.
       *
       * Replaces the root key of the configured service account.
       *
       * The service creates a new key for the account, keeps it, and schedules the old key's deletion; it creates
       * no new account. Valid only when the root credentials were written through `credentials`, and the account
       * may create and delete its keys.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts compile-only
       * // CLOUD_CREDENTIALS holds the JSON of a key file of the service account
       * await secrets.cloud.config.write({ credentials: process.env.CLOUD_CREDENTIALS });
       * await secrets.cloud.config.rotateRoot(); // a new key replaces it; the old one is scheduled for deletion
       * ```
       * @throws {BadRequestError} when the root credentials were not configured through `credentials`.
       * @throws {RequestValidationError} before sending, when the `mount` option is not a mount path.
       * @throws {PermissionDeniedError} when the token's policy does not allow rotating the root credentials.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      rotateRoot: rotateCloudRoot,
    }),
    /** Rolesets: service accounts the engine creates and owns, with their bindings. */
    rolesets: bindOperations(core, {
      /**
       * POST /v1/{cloud_mount}/roleset/:name — {@link writeRoleset} with this client's core.
       *
       * Creates or updates a roleset; new bindings revoke its earlier secrets.
       *
       * The engine creates a service account in `project` and grants it the roles of `bindings` on each resource;
       * it generates access tokens (`secret_type: 'access_token'`, the default) or leased keys
       * (`'service_account_key'`). `bindings` is configuration text (JSON or block style, raw or base64) or a map
       * of resource name to roles. `secret_type` and `project` cannot change after creation.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.rolesets.write('deploy', {
       *   project: 'my-project',
       *   bindings: { '//cloudresourcemanager.googleapis.com/projects/my-project': ['roles/viewer'] },
       *   token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
       * });
       * ```
       * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty `project` or
       * `bindings`, `token_scopes` on a `service_account_key` roleset), or the name is empty or holds `/`, `%` or a
       * control character.
       * @throws {BadRequestError} when the service refuses: a new roleset without `project` or `bindings`, bindings
       * text it cannot parse, a changed `secret_type` or `project`.
       * @throws {PermissionDeniedError} when the token's policy does not allow writing the roleset.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      write: writeRoleset,
      /**
       * GET /v1/{cloud_mount}/roleset/:name — {@link readRoleset} with this client's core.
       *
       * Reads a roleset.
       *
       * The answer holds the secret type, the service account the engine created, and the bindings as a map of
       * resource to roles.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.rolesets.write('deploy', { project: 'my-project', bindings: { 'projects/my-project': ['roles/viewer'] } });
       * const roleset = await secrets.cloud.rolesets.read('deploy');
       * console.log(roleset.service_account_email, roleset.bindings);
       * ```
       * @throws {NotFoundError} when no roleset has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the roleset.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readRoleset,
      /**
       * LIST /v1/{cloud_mount}/rolesets — {@link listRolesets} with this client's core.
       *
       * Lists roleset names.
       *
       * An engine without rolesets lists none (`keys: []`).
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`, `listMethod` (`LIST` or `GET ?list=true`;
       * the client's by default).
       *
       * @example
       * ```ts
       * await secrets.cloud.rolesets.write('deploy', { project: 'my-project', bindings: { 'projects/my-project': ['roles/viewer'] } });
       * const { keys } = await secrets.cloud.rolesets.list();
       * console.log(keys); // ['deploy']
       * ```
       * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
       * @throws {PermissionDeniedError} when the token's policy does not allow listing rolesets.
       * @throws {NotFoundError} when no engine is mounted at the mount path.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      list: listRolesets,
      /**
       * DELETE /v1/{cloud_mount}/roleset/:name — {@link deleteRoleset} with this client's core.
       *
       * Deletes a roleset and its service account.
       *
       * Its tokens and keys stop working. Deleting a roleset that does not exist succeeds.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.rolesets.write('deploy', { project: 'my-project', bindings: { 'projects/my-project': ['roles/viewer'] } });
       * await secrets.cloud.rolesets.delete('deploy');
       * ```
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow deleting the roleset.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      delete: deleteRoleset,
      /**
       * POST /v1/{cloud_mount}/roleset/:name/rotate — {@link rotateRoleset} with this client's core.
       *
       * Replaces the roleset's service account, invalidating its secrets.
       *
       * The new account gets the same bindings; tokens and keys of the old one stop working.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.rolesets.write('deploy', { project: 'my-project', bindings: { 'projects/my-project': ['roles/viewer'] } });
       * await secrets.cloud.rolesets.rotate('deploy');
       * ```
       * @throws {BadRequestError} when no roleset has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow rotating the roleset.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      rotate: rotateRoleset,
      /**
       * POST /v1/{cloud_mount}/roleset/:name/rotate-key — {@link rotateRolesetKey} with this client's core.
       *
       * Replaces the key behind an access_token roleset's tokens.
       *
       * The service account stays; tokens generated before stop working.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.rolesets.write('deploy', { project: 'my-project', bindings: { 'projects/my-project': ['roles/viewer'] } });
       * await secrets.cloud.rolesets.rotateKey('deploy');
       * ```
       * @throws {BadRequestError} when no roleset has that name, or it is a `service_account_key` roleset.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow rotating the roleset's key.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      rotateKey: rotateRolesetKey,
      /**
       * GET /v1/{cloud_mount}/roleset/:roleset/token — {@link generateRolesetToken} with this client's core.
       *
       * Generates an access token (one hour) from an access_token roleset.
       *
       * The token cannot be renewed or revoked; `expires_at_seconds` (Unix seconds) says when it ends.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.rolesets.write('deploy', { project: 'my-project', bindings: { 'projects/my-project': ['roles/viewer'] } });
       * const { token, expires_at_seconds } = await secrets.cloud.rolesets.token('deploy');
       * console.log(token.length > 0, new Date(expires_at_seconds * 1000));
       * ```
       * @throws {BadRequestError} when no roleset has that name, or it is a `service_account_key` roleset.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow generating tokens of the roleset.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      token: generateRolesetToken,
      /**
       * GET or POST /v1/{cloud_mount}/roleset/:roleset/key — {@link generateRolesetKey} with this client's core.
       *
       * Generates a leased key from a service_account_key roleset. Without `key` it is a GET with the service's defaults; with `key` a POST of key_algorithm, key_type and ttl.
       *
       * `private_key_data` is the base64 of the key file; the lease (renewable, bounded by the engine's `ttl` and
       * `max_ttl`) is on `.withMeta()`, and revoking it deletes the key. Never retried: a repeated request would
       * create a second key.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.rolesets.write('ci', {
       *   project: 'my-project',
       *   secret_type: 'service_account_key',
       *   bindings: { 'projects/my-project': ['roles/viewer'] },
       * });
       * const { data, meta } = await secrets.cloud.rolesets.key('ci', { ttl: '2h' }).withMeta();
       * const keyFile = atob(data.private_key_data);
       * console.log(keyFile.length > 0, meta.leaseId, meta.leaseDuration); // ... 7200
       * ```
       * @throws {BadRequestError} when no roleset has that name, or it is an `access_token` roleset.
       * @throws {RequestValidationError} before sending, when `key` breaks the spec (a `key_algorithm` or
       * `key_type` that is not an enumeration value, a `ttl` that is not a duration), or the name is empty or holds
       * `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow generating keys of the roleset.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors"); a timeout
       * or a lost connection may leave a key created, which its lease revokes.
       */
      key: generateRolesetKey,
    }),
    /** Static accounts: existing service accounts the engine manages. */
    staticAccounts: bindOperations(core, {
      /**
       * POST /v1/{cloud_mount}/static-account/:name — {@link writeStaticAccount} with this client's core.
       *
       * Creates or updates a static account; new bindings revoke its earlier secrets.
       *
       * The engine manages an existing service account (`service_account_email`): it grants the roles of
       * `bindings`, if any, and generates access tokens (`secret_type: 'access_token'`, the default) or leased keys
       * (`'service_account_key'`). `secret_type` and `service_account_email` cannot change after creation.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.staticAccounts.write('app', {
       *   service_account_email: 'app@my-project.iam.gserviceaccount.com',
       *   token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
       * });
       * ```
       * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty
       * `service_account_email` or `bindings`, `token_scopes` on a `service_account_key` account), or the name is
       * empty or holds `/`, `%` or a control character.
       * @throws {BadRequestError} when the service refuses: a new account without `service_account_email`, bindings
       * text it cannot parse, a changed `secret_type` or `service_account_email`.
       * @throws {PermissionDeniedError} when the token's policy does not allow writing the static account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      write: writeStaticAccount,
      /**
       * GET /v1/{cloud_mount}/static-account/:name — {@link readStaticAccount} with this client's core.
       *
       * Reads a static account.
       *
       * Only the bindings the engine manages are returned.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.staticAccounts.write('app', { service_account_email: 'app@my-project.iam.gserviceaccount.com' });
       * const account = await secrets.cloud.staticAccounts.read('app');
       * console.log(account.secret_type, account.service_account_project); // 'access_token' 'my-project'
       * ```
       * @throws {NotFoundError} when no static account has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the static account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readStaticAccount,
      /**
       * LIST /v1/{cloud_mount}/static-accounts — {@link listStaticAccounts} with this client's core.
       *
       * Lists static account names.
       *
       * An engine without static accounts lists none (`keys: []`).
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`, `listMethod` (`LIST` or `GET ?list=true`;
       * the client's by default).
       *
       * @example
       * ```ts
       * await secrets.cloud.staticAccounts.write('app', { service_account_email: 'app@my-project.iam.gserviceaccount.com' });
       * const { keys } = await secrets.cloud.staticAccounts.list();
       * console.log(keys); // ['app']
       * ```
       * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
       * @throws {PermissionDeniedError} when the token's policy does not allow listing static accounts.
       * @throws {NotFoundError} when no engine is mounted at the mount path.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      list: listStaticAccounts,
      /**
       * DELETE /v1/{cloud_mount}/static-account/:name — {@link deleteStaticAccount} with this client's core.
       *
       * Stops managing a static account (the account stays).
       *
       * The engine revokes the keys it generated for the account. Deleting a static account that does not exist
       * succeeds.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.staticAccounts.write('app', { service_account_email: 'app@my-project.iam.gserviceaccount.com' });
       * await secrets.cloud.staticAccounts.delete('app');
       * ```
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow deleting the static account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      delete: deleteStaticAccount,
      /**
       * POST /v1/{cloud_mount}/static-account/:name/rotate-key — {@link rotateStaticAccountKey} with this client's core.
       *
       * Replaces the key behind an access_token account's tokens.
       *
       * The service account stays; tokens generated before stop working.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.staticAccounts.write('app', { service_account_email: 'app@my-project.iam.gserviceaccount.com' });
       * await secrets.cloud.staticAccounts.rotateKey('app');
       * ```
       * @throws {BadRequestError} when no static account has that name, or it is a `service_account_key` account.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow rotating the account's key.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      rotateKey: rotateStaticAccountKey,
      /**
       * GET /v1/{cloud_mount}/static-account/:name/token — {@link generateStaticAccountToken} with this client's core.
       *
       * Generates an access token (one hour) from an access_token account.
       *
       * The token cannot be renewed or revoked; `expires_at_seconds` (Unix seconds) says when it ends.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.staticAccounts.write('app', { service_account_email: 'app@my-project.iam.gserviceaccount.com' });
       * const { token, token_ttl } = await secrets.cloud.staticAccounts.token('app');
       * console.log(token.length > 0, token_ttl); // true 3600
       * ```
       * @throws {BadRequestError} when no static account has that name, or it is a `service_account_key` account.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow generating tokens of the account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      token: generateStaticAccountToken,
      /**
       * GET or POST /v1/{cloud_mount}/static-account/:name/key — {@link generateStaticAccountKey} with this client's core.
       *
       * Generates a leased key from a service_account_key account. Without `key` it is a GET with the service's defaults; with `key` a POST of key_algorithm, key_type and ttl.
       *
       * `private_key_data` is the base64 of the key file; the lease (renewable, bounded by the engine's `ttl` and
       * `max_ttl`) is on `.withMeta()`, and revoking it deletes the key. Never retried: a repeated request would
       * create a second key.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.staticAccounts.write('ci', {
       *   service_account_email: 'ci@my-project.iam.gserviceaccount.com',
       *   secret_type: 'service_account_key',
       * });
       * const { data, meta } = await secrets.cloud.staticAccounts.key('ci').withMeta();
       * console.log(data.key_algorithm, meta.leaseId); // 'KEY_ALG_RSA_2048' ...
       * ```
       * @throws {BadRequestError} when no static account has that name, or it is an `access_token` account.
       * @throws {RequestValidationError} before sending, when `key` breaks the spec (a `key_algorithm` or
       * `key_type` that is not an enumeration value, a `ttl` that is not a duration), or the name is empty or holds
       * `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow generating keys of the account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors"); a timeout
       * or a lost connection may leave a key created, which its lease revokes.
       */
      key: generateStaticAccountKey,
    }),
    /** Impersonated accounts: existing service accounts whose tokens the engine generates by impersonation. */
    impersonatedAccounts: bindOperations(core, {
      /**
       * POST /v1/{cloud_mount}/impersonated-account/:name — {@link writeImpersonatedAccount} with this client's core.
       *
       * Creates or updates an impersonated account.
       *
       * The engine generates tokens of an existing service account (`service_account_email`) by impersonating it,
       * with the account's `ttl` (default one hour, at most 12 hours); it manages no bindings.
       * `service_account_email` cannot change after creation.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.impersonatedAccounts.write('ops', {
       *   service_account_email: 'ops@my-project.iam.gserviceaccount.com',
       *   token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
       *   ttl: '2h',
       * });
       * ```
       * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty
       * `service_account_email`, a `ttl` that is not a duration or is over 12 hours), or the name is empty or holds
       * `/`, `%` or a control character.
       * @throws {BadRequestError} when the service refuses: a new account without `service_account_email`, or a
       * changed one.
       * @throws {PermissionDeniedError} when the token's policy does not allow writing the impersonated account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      write: writeImpersonatedAccount,
      /**
       * GET /v1/{cloud_mount}/impersonated-account/:name — {@link readImpersonatedAccount} with this client's core.
       *
       * Reads an impersonated account.
       *
       * `ttl` is in seconds.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.impersonatedAccounts.write('ops', { service_account_email: 'ops@my-project.iam.gserviceaccount.com', ttl: '2h' });
       * const account = await secrets.cloud.impersonatedAccounts.read('ops');
       * console.log(account.service_account_email, account.ttl); // ... 7200
       * ```
       * @throws {NotFoundError} when no impersonated account has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the impersonated account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readImpersonatedAccount,
      /**
       * LIST /v1/{cloud_mount}/impersonated-accounts — {@link listImpersonatedAccounts} with this client's core.
       *
       * Lists impersonated account names.
       *
       * An engine without impersonated accounts lists none (`keys: []`).
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`, `listMethod` (`LIST` or `GET ?list=true`;
       * the client's by default).
       *
       * @example
       * ```ts
       * await secrets.cloud.impersonatedAccounts.write('ops', { service_account_email: 'ops@my-project.iam.gserviceaccount.com' });
       * const { keys } = await secrets.cloud.impersonatedAccounts.list();
       * console.log(keys); // ['ops']
       * ```
       * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
       * @throws {PermissionDeniedError} when the token's policy does not allow listing impersonated accounts.
       * @throws {NotFoundError} when no engine is mounted at the mount path.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      list: listImpersonatedAccounts,
      /**
       * DELETE /v1/{cloud_mount}/impersonated-account/:name — {@link deleteImpersonatedAccount} with this client's core.
       *
       * Deletes an impersonated account.
       *
       * The service account itself stays. Deleting an impersonated account that does not exist succeeds.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.impersonatedAccounts.write('ops', { service_account_email: 'ops@my-project.iam.gserviceaccount.com' });
       * await secrets.cloud.impersonatedAccounts.delete('ops');
       * ```
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow deleting the impersonated account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      delete: deleteImpersonatedAccount,
      /**
       * GET /v1/{cloud_mount}/impersonated-account/:name/token — {@link generateImpersonatedAccountToken} with this client's core.
       *
       * Generates an access token with the account's TTL.
       *
       * The token cannot be renewed or revoked; `token_ttl` is the account's `ttl`.
       *
       * Options: `mount` (the client's `cloudMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.cloud.impersonatedAccounts.write('ops', { service_account_email: 'ops@my-project.iam.gserviceaccount.com', ttl: '2h' });
       * const { token, token_ttl } = await secrets.cloud.impersonatedAccounts.token('ops');
       * console.log(token.length > 0, token_ttl); // true 7200
       * ```
       * @throws {BadRequestError} when no impersonated account has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow generating tokens of the account.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      token: generateImpersonatedAccountToken,
    }),
  };
}
