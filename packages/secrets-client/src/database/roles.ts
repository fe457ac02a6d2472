// Roles: how the engine creates a database user per request, and the leased credentials it returns.

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
import { RoleRequestSchema } from './request-schemas.js';
import { CredentialsSchema, RoleSchema } from './schemas.js';
import type { Credentials, Role, RoleInput } from './types.generated.js';

/**
 * POST /v1/{db_mount}/roles/:name — creates or updates a role.
 *
 * Each credentials request on the role runs its `creation_statements` on the role's connection (`db_name`),
 * which must allow the role. When a role has that name, only the fields given change.
 *
 * @example
 * ```ts
 * import { writeRole } from '@infra-sdk/secrets-client';
 *
 * await writeRole(core, 'reporting', {
 *   db_name: 'mysql',
 *   creation_statements: [
 *     "CREATE USER '{{name}}'@'%' IDENTIFIED BY '{{password}}'",
 *     "GRANT SELECT ON reports.* TO '{{name}}'@'%'",
 *   ],
 *   default_ttl: '1h',
 *   max_ttl: '24h',
 * });
 * ```
 * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty `db_name` or
 * `creation_statements`, a TTL that is not a duration, a `credential_config` that does not fit the
 * `credential_type`), or the name is empty or holds `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses: a new role without `db_name` or `creation_statements`.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the role.
 */
export function writeRole(
  core: SecretsCore,
  name: string,
  role: RoleInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
      body: await validateRequest(RoleRequestSchema, role, 'database role'),
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{db_mount}/roles/:name — reads a role (TTLs in seconds).
 *
 * @example
 * ```ts
 * import { readRole } from '@infra-sdk/secrets-client';
 *
 * const role = await readRole(core, 'readonly');
 * console.log(role.db_name, role.default_ttl); // 'mysql' 3600
 * ```
 * @throws {NotFoundError} when no role has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the role.
 */
export function readRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<Role, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
      schema: RoleSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * LIST /v1/{db_mount}/roles — lists role names.
 *
 * An engine without roles lists none (`keys: []`).
 *
 * @example
 * ```ts
 * import { listRoles } from '@infra-sdk/secrets-client';
 *
 * const { keys } = await listRoles(core);
 * console.log(keys); // ['readonly']
 * ```
 * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing roles.
 * @throws {NotFoundError} when no engine is mounted at the mount path.
 */
export function listRoles(core: SecretsCore, options?: EngineListOptions): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.databaseMount, options)}/roles`, options);
}

/**
 * DELETE /v1/{db_mount}/roles/:name — deletes a role.
 *
 * Deleting a role that does not exist succeeds.
 *
 * @example
 * ```ts
 * import { deleteRole } from '@infra-sdk/secrets-client';
 *
 * await deleteRole(core, 'readonly');
 * ```
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the role.
 */
export function deleteRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{db_mount}/creds/:name — creates a database user for the role and returns its leased credentials.
 * Not retried: a repeated request would create a second user.
 *
 * The username and password are in the answer; the lease that revokes the user (`leaseId`, `leaseDuration`,
 * `renewable`) is on `.withMeta()`. For credentials kept renewed, see `keepCredentials`.
 *
 * @example
 * ```ts
 * import { generateCredentials } from '@infra-sdk/secrets-client';
 *
 * const { data, meta } = await generateCredentials(core, 'readonly').withMeta();
 * console.log(data.username, meta.leaseId, meta.leaseDuration); // ... 3600
 * ```
 * @throws {BadRequestError} when no role has that name, or its connection does not allow the role.
 * @throws {RequestValidationError} before sending, when the role name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading `creds/` of the role.
 * @throws {TimeoutError | ConnectionError} that may leave a user created, which its lease revokes.
 */
export function generateCredentials(
  core: SecretsCore,
  role: string,
  options?: EngineRequestOptions,
): ApiPromise<Credentials, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/creds/${role}`}`,
      schema: CredentialsSchema,
      idempotent: false,
    }),
    options,
    engineRequestOptionKeys,
  );
}
