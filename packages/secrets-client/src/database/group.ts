// The `database` group of the client, built from the standalone operations.
import type { SecretsCore } from '../core.js';
import { readMountHelp } from '../help.js';
import type { EngineListOptions, EngineRequestOptions } from '../options.js';
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
import type { ConnectionInput, RoleInput, StaticRoleInput } from './schemas.js';
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
    /** Help text and OpenAPI document of the engine's mount. */
    help: (options?: EngineRequestOptions) => readMountHelp(core, core.databaseMount, options),
    /** Resets every connection that uses `pluginName`. */
    reloadPlugin: (pluginName: string, options?: EngineRequestOptions) =>
      reloadPlugin(core, pluginName, options),
    /** Connections to databases. */
    connections: {
      /** Calls {@link writeConnection} with this client's core: POST /v1/{db_mount}/config/:name. */
      write: (name: string, connection: ConnectionInput, options?: EngineRequestOptions) =>
        writeConnection(core, name, connection, options),
      /** Calls {@link readConnection} with this client's core: GET /v1/{db_mount}/config/:name. */
      read: (name: string, options?: EngineRequestOptions) => readConnection(core, name, options),
      /** Calls {@link listConnections} with this client's core: LIST /v1/{db_mount}/config. */
      list: (options?: EngineListOptions) => listConnections(core, options),
      /** Calls {@link deleteConnection} with this client's core: DELETE /v1/{db_mount}/config/:name. */
      delete: (name: string, options?: EngineRequestOptions) => deleteConnection(core, name, options),
      /** Calls {@link resetConnection} with this client's core: POST /v1/{db_mount}/reset/:name. */
      reset: (name: string, options?: EngineRequestOptions) => resetConnection(core, name, options),
      /** Calls {@link rotateConnectionRoot} with this client's core: POST /v1/{db_mount}/rotate-root/:name. */
      rotateRoot: (name: string, options?: EngineRequestOptions) => rotateConnectionRoot(core, name, options),
    },
    /** Dynamic roles: each credentials request creates a database user. */
    roles: {
      /** Calls {@link writeRole} with this client's core: POST /v1/{db_mount}/roles/:name. */
      write: (name: string, role: RoleInput, options?: EngineRequestOptions) =>
        writeRole(core, name, role, options),
      /** Calls {@link readRole} with this client's core: GET /v1/{db_mount}/roles/:name. */
      read: (name: string, options?: EngineRequestOptions) => readRole(core, name, options),
      /** Calls {@link listRoles} with this client's core: LIST /v1/{db_mount}/roles. */
      list: (options?: EngineListOptions) => listRoles(core, options),
      /** Calls {@link deleteRole} with this client's core: DELETE /v1/{db_mount}/roles/:name. */
      delete: (name: string, options?: EngineRequestOptions) => deleteRole(core, name, options),
      /** Calls {@link generateCredentials} with this client's core: GET /v1/{db_mount}/creds/:name. */
      generateCredentials: (name: string, options?: EngineRequestOptions) =>
        generateCredentials(core, name, options),
    },
    /** Static roles: existing database users whose password the engine rotates. */
    staticRoles: {
      /** Calls {@link writeStaticRole} with this client's core: POST /v1/{db_mount}/static-roles/:name. */
      write: (name: string, role: StaticRoleInput, options?: EngineRequestOptions) =>
        writeStaticRole(core, name, role, options),
      /** Calls {@link readStaticRole} with this client's core: GET /v1/{db_mount}/static-roles/:name. */
      read: (name: string, options?: EngineRequestOptions) => readStaticRole(core, name, options),
      /** Calls {@link listStaticRoles} with this client's core: LIST /v1/{db_mount}/static-roles. */
      list: (options?: EngineListOptions) => listStaticRoles(core, options),
      /** Calls {@link deleteStaticRole} with this client's core: DELETE /v1/{db_mount}/static-roles/:name. */
      delete: (name: string, options?: EngineRequestOptions) => deleteStaticRole(core, name, options),
      /** Calls {@link readStaticCredentials} with this client's core: GET /v1/{db_mount}/static-creds/:name. */
      readCredentials: (name: string, options?: EngineRequestOptions) =>
        readStaticCredentials(core, name, options),
      /** Calls {@link rotateStaticRole} with this client's core: POST /v1/{db_mount}/rotate-role/:name. */
      rotate: (name: string, options?: EngineRequestOptions) => rotateStaticRole(core, name, options),
    },
  };
}
