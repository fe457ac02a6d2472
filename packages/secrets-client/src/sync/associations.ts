// Associations: which versioned key-value secrets are synced to which destination.

import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  RequestValidationError,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import {
  type ListRequestOptions,
  listRequestOptionKeys,
  type SecretsRequestOptions,
  secretsRequestOptionKeys,
} from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { emptyListing, listForm } from '../listing.js';
import { fitsPathSegment, namePath } from '../name-path.js';
import type { DestinationTypeName } from './destinations.js';
import { AssociationRequestSchema } from './request-schemas.js';
import { AssociationListSchema, AssociationsSchema, SecretDestinationsSchema } from './schemas.js';
import type {
  AssociationInput,
  AssociationList,
  Associations,
  SecretDestinations,
} from './types.generated.js';

/** Options of `readSecretDestinations`. */
export interface SecretDestinationsOptions extends SecretsRequestOptions {
  /**
   * `path` (/associations/:mount/:name) or `query` (/associations/destinations?mount=&secret_name=).
   * Default: `query` when the mount or the name holds what the path form cannot carry (`/`, `%`), else `path`;
   * `path` with such a name is refused before sending.
   */
  readonly form?: 'path' | 'query' | undefined;
}

/** The keys of `SecretDestinationsOptions`. */
export const secretDestinationsOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { form: 1 } as const satisfies OwnOptionKeys<SecretDestinationsOptions, SecretsRequestOptions>,
];

/**
 * GET /v1/sys/sync/destinations/:type/:name/associations — reads the secrets associated with a destination.
 *
 * `associated_secrets` is keyed `<mount accessor>/<secret name>`, each with its `sync_status` and `updated_at`.
 *
 * @example
 * ```ts
 * import { readAssociations } from '@infra-sdk/secrets-client';
 *
 * const { associated_secrets } = await readAssociations(core, 'repo-host', 'ci');
 * for (const secret of Object.values(associated_secrets)) console.log(secret.secret_name, secret.sync_status);
 * ```
 * @throws {NotFoundError} when no destination of that type has that name.
 * @throws {RequestValidationError} before sending, when the type or name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the destination's associations.
 */
export function readAssociations(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  options?: SecretsRequestOptions,
): ApiPromise<Associations, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: namePath`/sys/sync/destinations/${type}/${name}/associations`,
      schema: AssociationsSchema,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

function changeAssociation(
  action: 'set' | 'remove',
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  secret: AssociationInput,
  options: SecretsRequestOptions | undefined,
): ApiPromise<Associations, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `${namePath`/sys/sync/destinations/${type}/${name}/associations`}/${action}`,
      body: await validateRequest(AssociationRequestSchema, secret, 'association'),
      schema: AssociationsSchema,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

/**
 * POST /v1/sys/sync/destinations/:type/:name/associations/set — links a secret to a destination and syncs it (PENDING while sync is disabled).
 *
 * Only versioned key-value secrets can be associated; the secret's current version is synced. Setting an
 * association that exists syncs it again (a failed sync is retried). The answer holds the association with
 * its status.
 *
 * @example
 * ```ts
 * import { setAssociation } from '@infra-sdk/secrets-client';
 *
 * const { associated_secrets } = await setAssociation(core, 'repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
 * console.log(Object.values(associated_secrets)[0]?.sync_status); // 'SYNCED'
 * ```
 * @throws {NotFoundError} when no destination of that type has that name.
 * @throws {BadRequestError} when the mount is not a versioned key-value mount, the secret has no current
 * version, or the destination is being purged.
 * @throws {RequestValidationError} before sending, when `mount` or `secret_name` is empty, or the type or
 * name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow changing the destination's associations.
 */
export function setAssociation(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  secret: AssociationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Associations, SecretsMeta> {
  return changeAssociation('set', core, type, name, secret, options);
}

/**
 * POST /v1/sys/sync/destinations/:type/:name/associations/remove — unlinks a secret and deletes it at the destination; always reports success.
 *
 * The service reports success whether or not the association or the secret at the destination existed; the
 * status becomes `UNSYNCED` (`PENDING` while syncing is disabled).
 *
 * @example
 * ```ts
 * import { removeAssociation } from '@infra-sdk/secrets-client';
 *
 * await removeAssociation(core, 'repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
 * ```
 * @throws {NotFoundError} when no destination of that type has that name.
 * @throws {BadRequestError} when the mount is not a versioned key-value mount.
 * @throws {RequestValidationError} before sending, when `mount` or `secret_name` is empty, or the type or
 * name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow changing the destination's associations.
 */
export function removeAssociation(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  secret: AssociationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Associations, SecretsMeta> {
  return changeAssociation('remove', core, type, name, secret, options);
}

/**
 * LIST /v1/sys/sync/associations — lists every associated secret.
 *
 * `keys` are `<mount>/<secret name>`; one secret may go to several destinations, so `total_associations`
 * can exceed `total_secrets`. No associations lists none (`keys: []`).
 *
 * @example
 * ```ts
 * import { listAssociations } from '@infra-sdk/secrets-client';
 *
 * const { keys, total_associations } = await listAssociations(core);
 * console.log(keys, total_associations); // ['secret/api/token'] 1
 * ```
 * @throws {RequestValidationError} before sending, when `listMethod` is neither `LIST` nor `GET`.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing associations.
 */
export function listAssociations(
  core: SecretsCore,
  options?: ListRequestOptions,
): ApiPromise<AssociationList, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      ...listForm(core, options),
      path: '/sys/sync/associations',
      schema: AssociationListSchema,
      recover: emptyListing(() => ({ key_info: {}, keys: [], total_associations: 0, total_secrets: 0 })),
    }),
    options,
    listRequestOptionKeys,
  );
}

/**
 * GET /v1/sys/sync/associations/:mount/:name or /v1/sys/sync/associations/destinations?mount=&secret_name= —
 * reads the destinations a secret is associated with; the query form is chosen when a name holds `/` or `%`.
 *
 * `associated_destinations` is keyed `<type>/<name>`, each with its `sync_status`; a secret without
 * associations has none.
 *
 * @example
 * ```ts
 * import { readSecretDestinations } from '@infra-sdk/secrets-client';
 *
 * const { associated_destinations } = await readSecretDestinations(core, 'secret', 'api/token');
 * console.log(associated_destinations['repo-host/ci']?.sync_status); // 'SYNCED'
 * ```
 * @throws {RequestValidationError} before sending, when the mount or the secret name is empty, or `form` is
 * `'path'` and one of them holds what a path segment cannot carry.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading associations.
 */
export function readSecretDestinations(
  core: SecretsCore,
  mount: string,
  secretName: string,
  options?: SecretDestinationsOptions,
): ApiPromise<SecretDestinations, SecretsMeta> {
  return sendOperation(
    core,
    () => {
      const problems = [
        ...secretNameProblem(mount, 'mount'),
        ...secretNameProblem(secretName, 'secret_name'),
      ];
      if (problems.length > 0) throw new RequestValidationError('secret of an association', problems);
      const form =
        options?.form ?? (fitsPathSegment(mount) && fitsPathSegment(secretName) ? 'path' : 'query');
      return form === 'query'
        ? {
            method: 'GET',
            path: '/sys/sync/associations/destinations',
            query: { mount, secret_name: secretName },
            schema: SecretDestinationsSchema,
          }
        : {
            method: 'GET',
            path: namePath`/sys/sync/associations/${mount}/${secretName}`,
            schema: SecretDestinationsSchema,
          };
    },
    options,
    secretDestinationsOptionKeys,
  );
}

function secretNameProblem(value: unknown, field: string): { path: string; message: string }[] {
  if (typeof value !== 'string') {
    return [{ path: field, message: `is required: a string, got ${value === null ? 'null' : typeof value}` }];
  }
  return value === '' ? [{ path: field, message: 'is required' }] : [];
}
