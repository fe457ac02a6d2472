export {
  deleteConnection,
  listConnections,
  readConnection,
  reloadPlugin,
  resetConnection,
  rotateConnectionRoot,
  writeConnection,
} from './connections.js';
export { CREDENTIAL_TYPES, KEY_TYPES } from './credential-types.js';
export { type DatabaseGroup, databaseGroup } from './group.js';
export {
  deleteRole,
  generateCredentials,
  listRoles,
  readRole,
  writeRole,
} from './roles.js';
export { MIN_CONNECTION_ROTATION_PERIOD_SECONDS } from './rotation-limits.js';
export {
  deleteStaticRole,
  listStaticRoles,
  readStaticCredentials,
  readStaticRole,
  rotateStaticRole,
  writeStaticRole,
} from './static-roles.js';
export type {
  Connection,
  ConnectionInput,
  Credentials,
  ReloadResult,
  Role,
  RoleInput,
  StaticCredentials,
  StaticRole,
  StaticRoleInput,
} from './types.generated.js';
