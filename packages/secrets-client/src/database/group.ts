// The `database` group of the client, built from the standalone operations.
import type { SecretsCore } from '../core.js';
import { readHelp } from '../help.js';
import type { EngineListOptions, EngineRequestOptions } from '../options.js';
import { mountOf } from '../send.js';
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

/** Builds `client.database`. */
export function databaseGroup(core: SecretsCore) {
  return {
    /** Help text and OpenAPI document of the engine's mount. */
    help: (options?: EngineRequestOptions) =>
      readHelp(core, `/${mountOf(core.databaseMount, options)}`, options),
    /** Resets every connection that uses `pluginName`. */
    reloadPlugin: (pluginName: string, options?: EngineRequestOptions) =>
      reloadPlugin(core, pluginName, options),
    connections: {
      write: (name: string, connection: ConnectionInput, options?: EngineRequestOptions) =>
        writeConnection(core, name, connection, options),
      read: (name: string, options?: EngineRequestOptions) => readConnection(core, name, options),
      list: (options?: EngineListOptions) => listConnections(core, options),
      delete: (name: string, options?: EngineRequestOptions) => deleteConnection(core, name, options),
      reset: (name: string, options?: EngineRequestOptions) => resetConnection(core, name, options),
      rotateRoot: (name: string, options?: EngineRequestOptions) => rotateConnectionRoot(core, name, options),
    },
    roles: {
      write: (name: string, role: RoleInput, options?: EngineRequestOptions) =>
        writeRole(core, name, role, options),
      read: (name: string, options?: EngineRequestOptions) => readRole(core, name, options),
      list: (options?: EngineListOptions) => listRoles(core, options),
      delete: (name: string, options?: EngineRequestOptions) => deleteRole(core, name, options),
      generateCredentials: (name: string, options?: EngineRequestOptions) =>
        generateCredentials(core, name, options),
    },
    staticRoles: {
      write: (name: string, role: StaticRoleInput, options?: EngineRequestOptions) =>
        writeStaticRole(core, name, role, options),
      read: (name: string, options?: EngineRequestOptions) => readStaticRole(core, name, options),
      list: (options?: EngineListOptions) => listStaticRoles(core, options),
      delete: (name: string, options?: EngineRequestOptions) => deleteStaticRole(core, name, options),
      readCredentials: (name: string, options?: EngineRequestOptions) =>
        readStaticCredentials(core, name, options),
      rotate: (name: string, options?: EngineRequestOptions) => rotateStaticRole(core, name, options),
    },
  };
}
