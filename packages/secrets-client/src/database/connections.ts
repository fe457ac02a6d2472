// Database connections: how the engine reaches a database, and what it may do with it.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineListOptions, EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type KeyList, listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { type ConnectionInput, ConnectionRequestSchema } from './request-schemas.js';
import { type Connection, ConnectionSchema, type ReloadResult, ReloadResultSchema } from './schemas.js';

/** POST /v1/{db_mount}/config/:name — creates or updates a connection (plugin-specific fields pass through). */
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
  );
}

/** GET /v1/{db_mount}/config/:name — reads a connection (never its password). */
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
  );
}

/** LIST /v1/{db_mount}/config — lists connection names. */
export function listConnections(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.databaseMount, options)}/config`, options);
}

/** DELETE /v1/{db_mount}/config/:name — deletes a connection. */
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
  );
}

/** POST /v1/{db_mount}/reset/:name — closes a connection and its plugin and restarts it from the stored configuration. */
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
  );
}

/** POST /v1/{db_mount}/reload/:plugin_name — resets every connection that uses a plugin. */
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
  );
}

/** POST /v1/{db_mount}/rotate-root/:name — rotates the root user's password; the new one cannot be read back. */
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
  );
}
