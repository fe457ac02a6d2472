// Static roles: one existing database user whose password the engine rotates.

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
import { StaticRoleRequestSchema } from './request-schemas.js';
import { StaticCredentialsSchema, StaticRoleSchema } from './schemas.js';
import type { StaticCredentials, StaticRole, StaticRoleInput } from './types.generated.js';

/**
 * POST /v1/{db_mount}/static-roles/:name — creates or updates a static role; creation rotates the password unless skipped.
 *
 * A static role maps to one existing database user (`username`) on a connection (`db_name`); the service
 * rotates its password every `rotation_period`, or on a `rotation_schedule` (cron) within `rotation_window`.
 * When a static role has that name, only the fields given change; `username` and `db_name` stay.
 *
 * @example
 * ```ts
 * import { writeStaticRole } from '@infra-sdk/secrets-client';
 *
 * await writeStaticRole(core, 'app', { db_name: 'mysql', username: 'app', rotation_period: '24h' });
 * ```
 * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty `username` or
 * `db_name`, a period under 5 seconds, period and schedule together, a window under an hour or with a period,
 * a `credential_config` that does not fit the `credential_type`), or the name is empty or holds `/`, `%` or a
 * control character.
 * @throws {BadRequestError} when the service refuses: a new role without `username`, `db_name`, or one of
 * period and schedule; a changed `username` or `db_name`; `skip_import_rotation` without `password`.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the static role.
 */
export function writeStaticRole(
  core: SecretsCore,
  name: string,
  role: StaticRoleInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/static-roles/${name}`}`,
      body: await validateRequest(StaticRoleRequestSchema, role, 'static role'),
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{db_mount}/static-roles/:name — reads a static role.
 *
 * The answer holds the user, the connection and either `rotation_period` or `rotation_schedule` with
 * `rotation_window` (seconds); never the password (see `readStaticCredentials`).
 *
 * @example
 * ```ts
 * import { readStaticRole } from '@infra-sdk/secrets-client';
 *
 * const role = await readStaticRole(core, 'app');
 * console.log(role.username, role.rotation_period); // 'app' 86400
 * ```
 * @throws {NotFoundError} when no static role has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the static role.
 */
export function readStaticRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<StaticRole, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/static-roles/${name}`}`,
      schema: StaticRoleSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * LIST /v1/{db_mount}/static-roles — lists static role names.
 *
 * An engine without static roles lists none (`keys: []`).
 *
 * @example
 * ```ts
 * import { listStaticRoles } from '@infra-sdk/secrets-client';
 *
 * const { keys } = await listStaticRoles(core);
 * console.log(keys); // ['app']
 * ```
 * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing static roles.
 * @throws {NotFoundError} when no engine is mounted at the mount path.
 */
export function listStaticRoles(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.databaseMount, options)}/static-roles`, options);
}

/**
 * DELETE /v1/{db_mount}/static-roles/:name — deletes a static role; the database user stays and must be removed by hand.
 *
 * Deleting a static role that does not exist succeeds.
 *
 * @example
 * ```ts
 * import { deleteStaticRole } from '@infra-sdk/secrets-client';
 *
 * await deleteStaticRole(core, 'app'); // the database user `app` stays
 * ```
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the static role.
 */
export function deleteStaticRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/static-roles/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{db_mount}/static-creds/:name — reads the current credentials of a static role and the time to its next rotation.
 *
 * `ttl` is the number of seconds until the next rotation; `last_service_rotation` when the last one happened.
 * The credentials carry no lease.
 *
 * @example
 * ```ts
 * import { readStaticCredentials } from '@infra-sdk/secrets-client';
 *
 * const credentials = await readStaticCredentials(core, 'app');
 * console.log(credentials.username, credentials.ttl); // 'app' 86400
 * ```
 * @throws {BadRequestError} when no static role has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading `static-creds/` of the role.
 */
export function readStaticCredentials(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<StaticCredentials, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/static-creds/${name}`}`,
      schema: StaticCredentialsSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * POST /v1/{db_mount}/rotate-role/:name — rotates a static role's password now, which resets its TTL.
 *
 * The next automatic rotation is a full period (or the next scheduled time) away.
 *
 * @example
 * ```ts
 * import { rotateStaticRole } from '@infra-sdk/secrets-client';
 *
 * await rotateStaticRole(core, 'app');
 * ```
 * @throws {BadRequestError} when no static role has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow rotating the static role.
 */
export function rotateStaticRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/rotate-role/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}
