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
export { deleteRole, generateCredentials, listRoles, readRole, writeRole } from './roles.js';
export {
  type Connection,
  type ConnectionInput,
  ConnectionRequestSchema,
  ConnectionSchema,
  type Credentials,
  CredentialsSchema,
  MIN_CONNECTION_ROTATION_PERIOD_SECONDS,
  MIN_STATIC_ROLE_ROTATION_PERIOD_SECONDS,
  type ReloadResult,
  ReloadResultSchema,
  type Role,
  type RoleInput,
  RoleRequestSchema,
  RoleSchema,
  type StaticCredentials,
  StaticCredentialsSchema,
  type StaticRole,
  type StaticRoleInput,
  StaticRoleRequestSchema,
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
