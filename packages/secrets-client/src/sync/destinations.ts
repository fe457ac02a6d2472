// Sync destinations: external stores that receive secrets, one kind per type.

import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  RequestValidationError,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import * as v from 'valibot';
import {
  type ListRequestOptions,
  listRequestOptionKeys,
  type SecretsRequestOptions,
  secretsRequestOptionKeys,
} from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { emptyListing, listForm } from '../listing.js';
import { namePath } from '../name-path.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import type { DestinationInputs } from './destination-inputs.js';
import type { DestinationType } from './known-values.js';
import {
  Cloud1SmDestinationRequestSchema,
  Cloud2KvDestinationRequestSchema,
  Cloud3SmDestinationRequestSchema,
  HostingProjectDestinationRequestSchema,
  RepoHostDestinationRequestSchema,
} from './request-schemas.js';
import { DestinationListSchema, DestinationSchema, DestinationsOfTypeSchema } from './schemas.js';
import type {
  Cloud1SmDestinationInput,
  Cloud2KvDestinationInput,
  Cloud3SmDestinationInput,
  Destination,
  DestinationList,
  DestinationsOfType,
  HostingProjectDestinationInput,
  RepoHostDestinationInput,
} from './types.generated.js';

const OptionalDestinationSchema = /* @__PURE__ */ v.optional(DestinationSchema);

/** A destination type in a path: one of the five, or a newer one. */
export type DestinationTypeName = DestinationType | (string & {});

/** Options of a destination deletion. */
export interface DeleteDestinationOptions extends SecretsRequestOptions {
  /** Unsync and delete the destination's associations first (asynchronously); without it a destination with associations is kept. */
  readonly purge?: boolean | undefined;
}

/** The keys of `DeleteDestinationOptions`. */
export const deleteDestinationOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { purge: 1 } as const satisfies OwnOptionKeys<DeleteDestinationOptions, SecretsRequestOptions>,
];

/**
 * LIST /v1/sys/sync/destinations — lists every destination, grouped by type.
 *
 * `keys` holds the types with a trailing slash (`'repo-host/'`), `key_info` the names under each type. No
 * destinations lists none (`keys: []`, `total_destinations: 0`).
 *
 * @example
 * ```ts
 * import { listDestinations } from '@infra-sdk/secrets-client';
 *
 * const { key_info, total_destinations } = await listDestinations(core);
 * console.log(key_info, total_destinations); // { 'repo-host/': ['ci'] } 1
 * ```
 * @throws {RequestValidationError} before sending, when `listMethod` is neither `LIST` nor `GET`.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing destinations.
 */
export function listDestinations(
  core: SecretsCore,
  options?: ListRequestOptions,
): ApiPromise<DestinationList, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      ...listForm(core, options),
      path: '/sys/sync/destinations',
      schema: DestinationListSchema,
      recover: emptyListing(() => ({ key_info: {}, keys: [], total_destinations: 0 })),
    }),
    options,
    listRequestOptionKeys,
  );
}

/**
 * LIST /v1/sys/sync/destinations/:type — lists the destinations of one type.
 *
 * A type without destinations lists none (`keys: []`).
 *
 * @example
 * ```ts
 * import { listDestinationsByType } from '@infra-sdk/secrets-client';
 *
 * const { keys } = await listDestinationsByType(core, 'repo-host');
 * console.log(keys); // ['ci']
 * ```
 * @throws {RequestValidationError} before sending, when the type is empty or holds `/`, `%` or a control
 * character, or `listMethod` is neither `LIST` nor `GET`.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing destinations.
 */
export function listDestinationsByType(
  core: SecretsCore,
  type: DestinationTypeName,
  options?: ListRequestOptions,
): ApiPromise<DestinationsOfType, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      ...listForm(core, options),
      path: namePath`/sys/sync/destinations/${type}`,
      schema: DestinationsOfTypeSchema,
      recover: emptyListing(() => ({ keys: [], total_destinations: 0 })),
    }),
    options,
    listRequestOptionKeys,
  );
}

/**
 * GET /v1/sys/sync/destinations/:type/:name — reads a destination (secrets masked).
 *
 * The answer holds `connection_details` (access keys, tokens and other secrets replaced by `*****`) and
 * `options` (granularity, secret name template, custom tags); `purge_initiated_at` while a purge runs.
 *
 * @example
 * ```ts
 * import { readDestination } from '@infra-sdk/secrets-client';
 *
 * const destination = await readDestination(core, 'repo-host', 'ci');
 * console.log(destination.connection_details.access_token); // '*****'
 * ```
 * @throws {NotFoundError} when no destination of that type has that name.
 * @throws {RequestValidationError} before sending, when the type or name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the destination.
 */
export function readDestination(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  options?: SecretsRequestOptions,
): ApiPromise<Destination, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: namePath`/sys/sync/destinations/${type}/${name}`,
      schema: DestinationSchema,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

/**
 * DELETE /v1/sys/sync/destinations/:type/:name?purge= — deletes a destination; refused while it has associations unless `purge`.
 *
 * With `purge: true` the service first unsyncs and deletes the destination's associations, in the
 * background, then the destination (`readDestination` shows `purge_initiated_at` meanwhile). Deleting a
 * destination that does not exist succeeds.
 *
 * @example
 * ```ts
 * import { deleteDestination } from '@infra-sdk/secrets-client';
 *
 * await deleteDestination(core, 'repo-host', 'ci', { purge: true });
 * ```
 * @throws {BadRequestError} when the destination still has associations and `purge` is not true.
 * @throws {RequestValidationError} before sending, when the type or name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the destination.
 */
export function deleteDestination(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  options?: DeleteDestinationOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: namePath`/sys/sync/destinations/${type}/${name}`,
      ...(options?.purge === undefined ? {} : { query: { purge: options.purge } }),
      schema: WriteResultSchema,
    }),
    options,
    deleteDestinationOptionKeys,
  );
}

function writeTyped(
  core: SecretsCore,
  type: DestinationType,
  name: string,
  body: () => Promise<unknown>,
  options: SecretsRequestOptions | undefined,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: namePath`/sys/sync/destinations/${type}/${name}`,
      body: await body(),
      // The spec shows the destination for cloud1-sm and leaves the others open; all may answer without data.
      schema: OptionalDestinationSchema,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

/**
 * POST /v1/sys/sync/destinations/cloud1-sm/:name — creates or updates a cloud1-sm (first cloud secret manager) destination.
 *
 * Without `access_key_id` and `secret_access_key` the service authenticates with the credentials of its
 * environment, optionally assuming `role_arn` (with `external_id`, which the role's trust policy must name).
 * The answer is the destination as stored, its secrets masked (or undefined if the service sends none).
 *
 * @example
 * ```ts
 * import { writeCloud1SmDestination } from '@infra-sdk/secrets-client';
 *
 * const destination = await writeCloud1SmDestination(core, 'prod-store', {
 *   role_arn: 'arn:aws:iam::123456789012:role/secrets-sync',
 *   external_id: '0b4b3a70-6b7e-4d43-9a53-6b2e54b9c7a1',
 *   region: 'us-west-1',
 *   custom_tags: { team: 'payments' },
 * });
 * console.log(destination?.options);
 * ```
 * @throws {RequestValidationError} before sending, when a field breaks the spec (a field of another type, an
 * address range that is not CIDR, a port outside 0-65535), or the name is empty or holds `/`, `%` or a
 * control character.
 * @throws {BadRequestError} when the service refuses the fields, or the destination is being purged.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing destinations.
 */
export function writeCloud1SmDestination(
  core: SecretsCore,
  name: string,
  destination: Cloud1SmDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'cloud1-sm',
    name,
    () => validateRequest(Cloud1SmDestinationRequestSchema, destination, 'cloud1-sm destination'),
    options,
  );
}

/**
 * POST /v1/sys/sync/destinations/cloud2-kv/:name — creates or updates a cloud2-kv (second cloud key vault) destination.
 *
 * `key_vault_uri`, `client_id`, `client_secret` and `tenant_id` are required; `cloud` selects the client's
 * cloud (default the public one). The answer is the destination as stored, its secrets masked, or undefined.
 *
 * @example
 * ```ts
 * import { writeCloud2KvDestination } from '@infra-sdk/secrets-client';
 *
 * await writeCloud2KvDestination(core, 'vault-eu', {
 *   key_vault_uri: 'https://payments-eu.vault.azure.net',
 *   client_id: '6f1c3f2e-8d3b-4b7a-9a61-0c6f8e2d1b4a',
 *   client_secret: 'client-secret',
 *   tenant_id: '2d9a4c1b-5e7f-4a3b-8c6d-1e0f9a8b7c6d',
 * });
 * ```
 * @throws {RequestValidationError} before sending, when a required field is missing or empty, or another
 * field breaks the spec (a field of another type, an address range that is not CIDR, a port outside 0-65535),
 * or the name is empty or holds `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses the fields, or the destination is being purged.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing destinations.
 */
export function writeCloud2KvDestination(
  core: SecretsCore,
  name: string,
  destination: Cloud2KvDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'cloud2-kv',
    name,
    () => validateRequest(Cloud2KvDestinationRequestSchema, destination, 'cloud2-kv destination'),
    options,
  );
}

/**
 * POST /v1/sys/sync/destinations/cloud3-sm/:name — creates or updates a cloud3-sm (third cloud secret manager) destination.
 *
 * `credentials` (the JSON of a credentials file) is required; `project_id` overrides its project, and
 * `replication_locations` and the KMS keys place and encrypt the synced secrets. The answer is the destination
 * as stored, its secrets masked, or undefined.
 *
 * @example
 * ```ts compile-only
 * import { readFileSync } from 'node:fs';
 * import { writeCloud3SmDestination } from '@infra-sdk/secrets-client';
 *
 * await writeCloud3SmDestination(core, 'gsm', {
 *   credentials: readFileSync('sync-account.json', 'utf8'),
 *   project_id: 'my-project',
 *   replication_locations: ['europe-west1'],
 * });
 * ```
 * @throws {RequestValidationError} before sending, when `credentials` is missing or empty, or another field
 * breaks the spec (a field of another type, an address range that is not CIDR, a port outside 0-65535), or
 * the name is empty or holds `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses the fields, or the destination is being purged.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing destinations.
 */
export function writeCloud3SmDestination(
  core: SecretsCore,
  name: string,
  destination: Cloud3SmDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'cloud3-sm',
    name,
    () => validateRequest(Cloud3SmDestinationRequestSchema, destination, 'cloud3-sm destination'),
    options,
  );
}

/**
 * POST /v1/sys/sync/destinations/repo-host/:name — creates or updates a repo-host (repository action secrets) destination.
 *
 * Authentication is an `access_token`, or a configured app (`app_name` with `installation_id`). Secrets go to
 * a repository (`repository_owner`, `repository_name`, optionally `environment_name`), or to an organization
 * with `secrets_location: 'organization'` (`organization_name`, `organization_visibility`,
 * `selected_repository_names`). The answer is the destination as stored, its secrets masked, or undefined.
 *
 * @example
 * ```ts
 * import { writeRepoHostDestination } from '@infra-sdk/secrets-client';
 *
 * await writeRepoHostDestination(core, 'ci', {
 *   access_token: 'repo-token',
 *   repository_owner: 'acme',
 *   repository_name: 'api',
 *   environment_name: 'production',
 * });
 * ```
 * @throws {RequestValidationError} before sending, when neither or both of `access_token` and `app_name` are
 * given, `app_name` comes without `installation_id`, the fields of the other `secrets_location` are given or
 * its own are missing, a common field breaks the spec, or the name is empty or holds `/`, `%` or a control
 * character.
 * @throws {BadRequestError} when the service refuses the fields (an `app_name` no app has), or the
 * destination is being purged.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing destinations.
 */
export function writeRepoHostDestination(
  core: SecretsCore,
  name: string,
  destination: RepoHostDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'repo-host',
    name,
    () => validateRequest(RepoHostDestinationRequestSchema, destination, 'repo-host destination'),
    options,
  );
}

/**
 * POST /v1/sys/sync/destinations/hosting-project/:name — creates or updates a hosting-project destination.
 *
 * `access_token` (allowed to manage the project's environment variables), `project_id` and
 * `deployment_environments` are required. The answer is the destination as stored, its secrets masked, or
 * undefined.
 *
 * @example
 * ```ts
 * import { writeHostingProjectDestination } from '@infra-sdk/secrets-client';
 *
 * await writeHostingProjectDestination(core, 'web', {
 *   access_token: 'hosting-token',
 *   project_id: 'prj_web',
 *   deployment_environments: ['preview', 'production'],
 * });
 * ```
 * @throws {RequestValidationError} before sending, when a required field is missing or empty, an
 * environment is not `development`, `preview` or `production`, a common field breaks the spec, or the name is
 * empty or holds `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses the fields, or the destination is being purged.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing destinations.
 */
export function writeHostingProjectDestination(
  core: SecretsCore,
  name: string,
  destination: HostingProjectDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'hosting-project',
    name,
    () => validateRequest(HostingProjectDestinationRequestSchema, destination, 'hosting-project destination'),
    options,
  );
}

/** The writer of each destination type, each taking that type's input. */
const WRITERS: {
  readonly [K in DestinationType]: (
    core: SecretsCore,
    name: string,
    destination: DestinationInputs[K],
    options?: SecretsRequestOptions,
  ) => ApiPromise<Destination | undefined, SecretsMeta>;
} = {
  'cloud1-sm': writeCloud1SmDestination,
  'cloud2-kv': writeCloud2KvDestination,
  'cloud3-sm': writeCloud3SmDestination,
  'repo-host': writeRepoHostDestination,
  'hosting-project': writeHostingProjectDestination,
};

/**
 * POST /v1/sys/sync/destinations/:type/:name — creates or updates a destination of any of the five types, checked against that type.
 *
 * The same as the writer of that type (`writeRepoHostDestination`, ...): the type picks the fields
 * `destination` must have, in the types and before sending.
 *
 * @example
 * ```ts
 * import { writeDestination } from '@infra-sdk/secrets-client';
 *
 * await writeDestination(core, 'repo-host', 'ci', {
 *   access_token: 'repo-token',
 *   repository_owner: 'acme',
 *   repository_name: 'api',
 * });
 * ```
 * @throws {RequestValidationError} before sending, when the type is not one of the five, the fields break
 * that type's rules (see its writer), or the name is empty or holds `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses the fields, or the destination is being purged.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing destinations.
 */
export function writeDestination<T extends DestinationType>(
  core: SecretsCore,
  type: T,
  name: string,
  destination: DestinationInputs[T],
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  if (!Object.hasOwn(WRITERS, type)) {
    return sendOperation(
      core,
      () => {
        throw new RequestValidationError('destination', [
          {
            path: 'type',
            message: `unknown type ${JSON.stringify(type)}; use one of ${Object.keys(WRITERS).join(', ')}`,
          },
        ]);
      },
      options,
      secretsRequestOptionKeys,
    );
  }
  const write = WRITERS[type];
  return write(core, name, destination, options);
}
