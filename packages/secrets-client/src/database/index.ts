export {
  deleteConnection,
  listConnections,
  readConnection,
  reloadPlugin,
  resetConnection,
  rotateConnectionRoot,
  writeConnection,
} from './connections.js';
export { CREDENTIAL_TYPES, credentialConfigSchema, KEY_TYPES } from './credential-config.js';
export type { DatabaseGroup } from './group.js';
export {
  type ConnectionInput,
  ConnectionRequestSchema,
  MIN_CONNECTION_ROTATION_PERIOD_SECONDS,
  type RoleInput,
  RoleRequestSchema,
  type StaticRoleInput,
  StaticRoleRequestSchema,
} from './request-schemas.js';
export { deleteRole, generateCredentials, listRoles, readRole, writeRole } from './roles.js';
export {
  type Connection,
  ConnectionSchema,
  type Credentials,
  CredentialsSchema,
  type ReloadResult,
  ReloadResultSchema,
  type Role,
  RoleSchema,
  type StaticCredentials,
  StaticCredentialsSchema,
  type StaticRole,
  StaticRoleSchema,
} from './schemas.js';
export {
  deleteStaticRole,
  listStaticRoles,
  readStaticCredentials,
  readStaticRole,
  rotateStaticRole,
  writeStaticRole,
} from './static-roles.js';
