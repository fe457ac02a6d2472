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
export interface DatabaseGroup extends ReturnType<typeof buildDatabaseGroup> {}

/** Builds `client.database`. */
export function databaseGroup(core: SecretsCore): DatabaseGroup {
  return buildDatabaseGroup(core);
}

// The group's members, nested groups included; the builder above gives them the group's name.
function buildDatabaseGroup(core: SecretsCore) {
  return {
    help: bindOperation(core, readDatabaseHelp),
    reloadPlugin: bindOperation(core, reloadPlugin),
    /** Connections to databases. */
    connections: bindOperations(core, {
      write: writeConnection,
      read: readConnection,
      list: listConnections,
      delete: deleteConnection,
      reset: resetConnection,
      rotateRoot: rotateConnectionRoot,
    }),
    /** Dynamic roles: each credentials request creates a database user. */
    roles: bindOperations(core, {
      write: writeRole,
      read: readRole,
      list: listRoles,
      delete: deleteRole,
      generateCredentials: generateCredentials,
    }),
    /** Static roles: existing database users whose password the engine rotates. */
    staticRoles: bindOperations(core, {
      write: writeStaticRole,
      read: readStaticRole,
      list: listStaticRoles,
      delete: deleteStaticRole,
      readCredentials: readStaticCredentials,
      rotate: rotateStaticRole,
    }),
  };
}
