// The `database` group of the client, built from the standalone operations.
import { bindOperation, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { readDatabaseHelp } from '../help.js';
import {
  deleteConnection,
  listConnections,
  readConnection,
  reloadPlugin,
  resetConnection,
  rotateConnectionRoot,
  writeConnection,
} from './connections.js';
import { deleteRole, generateCredentials, listRoles, readRole, writeRole } from './roles.js';
import {
  deleteStaticRole,
  listStaticRoles,
  readStaticCredentials,
  readStaticRole,
  rotateStaticRole,
  writeStaticRole,
} from './static-roles.js';

/** `client.database`: the database engine, each operation bound to the client's core. */
export interface DatabaseGroup extends ReturnType<typeof databaseGroup> {}

/** Builds `client.database`. */
export function databaseGroup(core: SecretsCore) {
  return {
    /** GET /v1/{db_mount}?help=1 — help text and OpenAPI document of the engine's mount. */
    help: bindOperation(core, readDatabaseHelp),
    /** POST /v1/{db_mount}/reload/:plugin_name — {@link reloadPlugin}: resets every connection that uses a plugin. */
    reloadPlugin: bindOperation(core, reloadPlugin),
    /** Connections to databases. */
    connections: bindOperations(core, {
      /** POST /v1/{db_mount}/config/:name — {@link writeConnection} with this client's core. */
      write: writeConnection,
      /** GET /v1/{db_mount}/config/:name — {@link readConnection} with this client's core. */
      read: readConnection,
      /** LIST /v1/{db_mount}/config — {@link listConnections} with this client's core. */
      list: listConnections,
      /** DELETE /v1/{db_mount}/config/:name — {@link deleteConnection} with this client's core. */
      delete: deleteConnection,
      /** POST /v1/{db_mount}/reset/:name — {@link resetConnection} with this client's core. */
      reset: resetConnection,
      /** POST /v1/{db_mount}/rotate-root/:name — {@link rotateConnectionRoot} with this client's core. */
      rotateRoot: rotateConnectionRoot,
    }),
    /** Dynamic roles: each credentials request creates a database user. */
    roles: bindOperations(core, {
      /** POST /v1/{db_mount}/roles/:name — {@link writeRole} with this client's core. */
      write: writeRole,
      /** GET /v1/{db_mount}/roles/:name — {@link readRole} with this client's core. */
      read: readRole,
      /** LIST /v1/{db_mount}/roles — {@link listRoles} with this client's core. */
      list: listRoles,
      /** DELETE /v1/{db_mount}/roles/:name — {@link deleteRole} with this client's core. */
      delete: deleteRole,
      /** GET /v1/{db_mount}/creds/:name — {@link generateCredentials} with this client's core. */
      generateCredentials: generateCredentials,
    }),
    /** Static roles: existing database users whose password the engine rotates. */
    staticRoles: bindOperations(core, {
      /** POST /v1/{db_mount}/static-roles/:name — {@link writeStaticRole} with this client's core. */
      write: writeStaticRole,
      /** GET /v1/{db_mount}/static-roles/:name — {@link readStaticRole} with this client's core. */
      read: readStaticRole,
      /** LIST /v1/{db_mount}/static-roles — {@link listStaticRoles} with this client's core. */
      list: listStaticRoles,
      /** DELETE /v1/{db_mount}/static-roles/:name — {@link deleteStaticRole} with this client's core. */
      delete: deleteStaticRole,
      /** GET /v1/{db_mount}/static-creds/:name — {@link readStaticCredentials} with this client's core. */
      readCredentials: readStaticCredentials,
      /** POST /v1/{db_mount}/rotate-role/:name — {@link rotateStaticRole} with this client's core. */
      rotate: rotateStaticRole,
    }),
  };
}
