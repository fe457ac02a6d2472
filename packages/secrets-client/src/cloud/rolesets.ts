// Rolesets: a service account the engine creates and binds to roles, and the secrets it generates.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import {
  type EngineListOptions,
  type EngineRequestOptions,
  engineRequestOptionKeys,
} from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import type { KeyList, WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { generateKey, generateToken } from './generate.js';
import { RolesetRequestSchema } from './request-schemas.js';
import { RolesetSchema } from './schemas.js';
import type {
  AccessToken,
  KeyRequestInput,
  Roleset,
  RolesetInput,
  ServiceAccountKey,
} from './types.generated.js';

/**
 * POST /v1/{cloud_mount}/roleset/:name — creates or updates a roleset; new bindings revoke its earlier secrets.
 *
 * The engine creates a service account in `project` and grants it the roles of `bindings` on each resource;
 * it generates access tokens (`secret_type: 'access_token'`, the default) or leased keys
 * (`'service_account_key'`). `bindings` is configuration text (JSON or block style, raw or base64) or a map
 * of resource name to roles. `secret_type` and `project` cannot change after creation.
 *
 * @example
 * ```ts
 * import { writeRoleset } from '@infra-sdk/secrets-client';
 *
 * await writeRoleset(core, 'deploy', {
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
 */
export function writeRoleset(
  core: SecretsCore,
  name: string,
  roleset: RolesetInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}`}`,
      body: await validateRequest(RolesetRequestSchema, roleset, 'roleset'),
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{cloud_mount}/roleset/:name — reads a roleset.
 *
 * The answer holds the secret type, the service account the engine created, and the bindings as a map of
 * resource to roles.
 *
 * @example
 * ```ts
 * import { readRoleset } from '@infra-sdk/secrets-client';
 *
 * const roleset = await readRoleset(core, 'deploy');
 * console.log(roleset.service_account_email, roleset.bindings);
 * ```
 * @throws {NotFoundError} when no roleset has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the roleset.
 */
export function readRoleset(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<Roleset, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}`}`,
      schema: RolesetSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * LIST /v1/{cloud_mount}/rolesets — lists roleset names.
 *
 * An engine without rolesets lists none (`keys: []`).
 *
 * @example
 * ```ts
 * import { listRolesets } from '@infra-sdk/secrets-client';
 *
 * const { keys } = await listRolesets(core);
 * console.log(keys); // ['deploy']
 * ```
 * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing rolesets.
 * @throws {NotFoundError} when no engine is mounted at the mount path.
 */
export function listRolesets(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.cloudMount, options)}/rolesets`, options);
}

/**
 * DELETE /v1/{cloud_mount}/roleset/:name — deletes a roleset and its service account.
 *
 * Its tokens and keys stop working. Deleting a roleset that does not exist succeeds.
 *
 * @example
 * ```ts
 * import { deleteRoleset } from '@infra-sdk/secrets-client';
 *
 * await deleteRoleset(core, 'deploy');
 * ```
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the roleset.
 */
export function deleteRoleset(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * POST /v1/{cloud_mount}/roleset/:name/rotate — replaces the roleset's service account, invalidating its secrets.
 *
 * The new account gets the same bindings; tokens and keys of the old one stop working.
 *
 * @example
 * ```ts
 * import { rotateRoleset } from '@infra-sdk/secrets-client';
 *
 * await rotateRoleset(core, 'deploy');
 * ```
 * @throws {BadRequestError} when no roleset has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow rotating the roleset.
 */
export function rotateRoleset(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}/rotate`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * POST /v1/{cloud_mount}/roleset/:name/rotate-key — replaces the key behind an access_token roleset's tokens.
 *
 * The service account stays; tokens generated before stop working.
 *
 * @example
 * ```ts
 * import { rotateRolesetKey } from '@infra-sdk/secrets-client';
 *
 * await rotateRolesetKey(core, 'deploy');
 * ```
 * @throws {BadRequestError} when no roleset has that name, or it is a `service_account_key` roleset.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow rotating the roleset's key.
 */
export function rotateRolesetKey(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}/rotate-key`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{cloud_mount}/roleset/:roleset/token — generates an access token (one hour) from an access_token roleset.
 *
 * The token cannot be renewed or revoked; `expires_at_seconds` (Unix seconds) says when it ends.
 *
 * @example
 * ```ts
 * import { generateRolesetToken } from '@infra-sdk/secrets-client';
 *
 * const { token, expires_at_seconds } = await generateRolesetToken(core, 'deploy');
 * console.log(token.length > 0, new Date(expires_at_seconds * 1000));
 * ```
 * @throws {BadRequestError} when no roleset has that name, or it is a `service_account_key` roleset.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow generating tokens of the roleset.
 */
export function generateRolesetToken(
  core: SecretsCore,
  roleset: string,
  options?: EngineRequestOptions,
): ApiPromise<AccessToken, SecretsMeta> {
  return generateToken(core, (mount) => `/${mount}${namePath`/roleset/${roleset}/token`}`, options);
}

/**
 * GET or POST /v1/{cloud_mount}/roleset/:roleset/key — generates a leased key from a service_account_key roleset.
 * Without `key` it is a GET with the service's defaults; with `key` a POST of key_algorithm, key_type and ttl.
 *
 * `private_key_data` is the base64 of the key file; the lease (renewable, bounded by the engine's `ttl` and
 * `max_ttl`) is on `.withMeta()`, and revoking it deletes the key. Never retried: a repeated request would
 * create a second key.
 *
 * @example
 * ```ts
 * import { generateRolesetKey } from '@infra-sdk/secrets-client';
 *
 * await secrets.cloud.rolesets.write('ci', {
 *   project: 'my-project',
 *   secret_type: 'service_account_key',
 *   bindings: { 'projects/my-project': ['roles/viewer'] },
 * });
 * const { data, meta } = await generateRolesetKey(core, 'ci', { ttl: '2h' }).withMeta();
 * const keyFile = atob(data.private_key_data);
 * console.log(keyFile.length > 0, meta.leaseId, meta.leaseDuration); // ... 7200
 * ```
 * @throws {BadRequestError} when no roleset has that name, or it is an `access_token` roleset.
 * @throws {RequestValidationError} before sending, when `key` breaks the spec (a `key_algorithm` or
 * `key_type` that is not an enumeration value, a `ttl` that is not a duration), or the name is empty or holds
 * `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow generating keys of the roleset.
 * @throws {TimeoutError | ConnectionError} that may leave a key created, which its lease revokes.
 */
export function generateRolesetKey(
  core: SecretsCore,
  roleset: string,
  key?: KeyRequestInput,
  options?: EngineRequestOptions,
): ApiPromise<ServiceAccountKey, SecretsMeta> {
  return generateKey(core, (mount) => `/${mount}${namePath`/roleset/${roleset}/key`}`, key, options);
}
