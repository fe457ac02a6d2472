export { bindingsSchema, bindingsText } from './bindings.js';
export { readCloudConfig, rotateCloudRoot, writeCloudConfig } from './config.js';
export type { CloudGroup } from './group.js';
export {
  deleteImpersonatedAccount,
  generateImpersonatedAccountToken,
  listImpersonatedAccounts,
  readImpersonatedAccount,
  writeImpersonatedAccount,
} from './impersonated-accounts.js';
export {
  type CloudConfigInput,
  CloudConfigRequestSchema,
  type ImpersonatedAccountInput,
  ImpersonatedAccountRequestSchema,
  type KeyRequestInput,
  KeyRequestSchema,
  type RolesetInput,
  RolesetRequestSchema,
  type StaticAccountInput,
  StaticAccountRequestSchema,
} from './request-schemas.js';
export {
  deleteRoleset,
  generateRolesetKey,
  generateRolesetToken,
  listRolesets,
  readRoleset,
  rotateRoleset,
  rotateRolesetKey,
  writeRoleset,
} from './rolesets.js';
export {
  type AccessToken,
  AccessTokenSchema,
  type CloudConfig,
  CloudConfigSchema,
  type ImpersonatedAccount,
  ImpersonatedAccountSchema,
  type Roleset,
  RolesetSchema,
  SECRET_TYPES,
  type ServiceAccountKey,
  ServiceAccountKeySchema,
  type StaticAccount,
  StaticAccountSchema,
} from './schemas.js';
export {
  deleteStaticAccount,
  generateStaticAccountKey,
  generateStaticAccountToken,
  listStaticAccounts,
  readStaticAccount,
  rotateStaticAccountKey,
  writeStaticAccount,
} from './static-accounts.js';
