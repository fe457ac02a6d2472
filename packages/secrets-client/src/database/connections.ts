// Database connections: how the engine reaches a database, and what it may do with it.

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
import { ConnectionRequestSchema } from './request-schemas.js';
import { ConnectionSchema, ReloadResultSchema } from './schemas.js';
import type { Connection, ConnectionInput, ReloadResult } from './types.generated.js';

/**
 * POST /v1/{db_mount}/config/:name — creates or updates a connection (plugin-specific fields pass through).
 *
 * When a connection has that name, only the fields given change.
 * With `verify_connection` (default true) the service connects to the database before storing. Fields of
 * the plugin beyond the spec's go in `plugin_parameters` and are sent beside the others.
 *
 * @example
 * ```ts
 * import { writeConnection } from '@infra-sdk/secrets-client';
 *
 * await writeConnection(core, 'postgres', {
 *   plugin_name: 'postgresql-database-plugin',
 *   connection_url: 'postgresql://{{username}}:{{password}}@db.internal:5432/app',
 *   username: 'admin',
 *   password: 'initial-root-password',
 *   allowed_roles: ['readonly', 'reporting'],
 *   plugin_parameters: { max_open_connections: 4 },
 * });
 * ```
 * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty `plugin_name`, a
 * `plugin_version` that is not semantic, a rotation period under 10 seconds, period and schedule together, a
 * plugin parameter that is a declared field), or the name is empty or holds `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses: a new connection without `plugin_name`, or a failed verification.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the connection.
 */
export function writeConnection(
  core: SecretsCore,
  name: string,
  connection: ConnectionInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/config/${name}`}`,
      body: await validateRequest(ConnectionRequestSchema, connection, 'database connection'),
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{db_mount}/config/:name — reads a connection (never its password).
 *
 * The answer holds the plugin, `connection_details` (URL and root username), the allowed roles and the
 * rotation settings.
 *
 * @example
 * ```ts
 * import { readConnection } from '@infra-sdk/secrets-client';
 *
 * const connection = await readConnection(core, 'mysql');
 * console.log(connection.plugin_name, connection.allowed_roles);
 * ```
 * @throws {NotFoundError} when no connection has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the connection.
 */
export function readConnection(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<Connection, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/config/${name}`}`,
      schema: ConnectionSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * LIST /v1/{db_mount}/config — lists connection names.
 *
 * An engine without connections lists none (`keys: []`).
 *
 * @example
 * ```ts
 * import { listConnections } from '@infra-sdk/secrets-client';
 *
 * const { keys } = await listConnections(core);
 * console.log(keys); // ['mysql']
 * ```
 * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing connections.
 * @throws {NotFoundError} when no engine is mounted at the mount path.
 */
export function listConnections(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.databaseMount, options)}/config`, options);
}

/**
 * DELETE /v1/{db_mount}/config/:name — deletes a connection.
 *
 * Roles that use the connection stay but cannot issue credentials until it is written again. Deleting a
 * connection that does not exist succeeds.
 *
 * @example
 * ```ts
 * import { deleteConnection } from '@infra-sdk/secrets-client';
 *
 * await deleteConnection(core, 'mysql');
 * ```
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the connection.
 */
export function deleteConnection(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/config/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * POST /v1/{db_mount}/reset/:name — closes a connection and its plugin and restarts it from the stored configuration.
 *
 * Use it after changing something the plugin only reads at start (a certificate, the database's address).
 *
 * @example
 * ```ts
 * import { resetConnection } from '@infra-sdk/secrets-client';
 *
 * await resetConnection(core, 'mysql');
 * ```
 * @throws {BadRequestError} when no connection has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow resetting the connection.
 */
export function resetConnection(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/reset/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * POST /v1/{db_mount}/reload/:plugin_name — resets every connection that uses a plugin.
 *
 * Answers with the names of the connections it reset and their count (none when no connection uses the plugin).
 *
 * @example
 * ```ts
 * import { reloadPlugin } from '@infra-sdk/secrets-client';
 *
 * const { connections, count } = await reloadPlugin(core, 'mysql-database-plugin');
 * console.log(count, connections); // 1 ['mysql']
 * ```
 * @throws {RequestValidationError} before sending, when the plugin name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reloading plugins.
 */
export function reloadPlugin(
  core: SecretsCore,
  pluginName: string,
  options?: EngineRequestOptions,
): ApiPromise<ReloadResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/reload/${pluginName}`}`,
      schema: ReloadResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * POST /v1/{db_mount}/rotate-root/:name — rotates the root user's password; the new one cannot be read back.
 *
 * The connection's root user must be allowed to change its own password; after this only the service knows it.
 *
 * @example
 * ```ts
 * import { rotateConnectionRoot } from '@infra-sdk/secrets-client';
 *
 * await secrets.database.connections.write('mysql', { username: 'admin', password: 'initial-root-password' });
 * await rotateConnectionRoot(core, 'mysql');
 * ```
 * @throws {BadRequestError} when no connection has that name, or it has no root username and password to rotate.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow rotating the root credentials.
 */
export function rotateConnectionRoot(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/rotate-root/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}
