export { bindingsText } from './bindings.js';
export {
  readCloudConfig,
  rotateCloudRoot,
  writeCloudConfig,
} from './config.js';
export { type CloudGroup, cloudGroup } from './group.js';
export {
  deleteImpersonatedAccount,
  generateImpersonatedAccountToken,
  listImpersonatedAccounts,
  readImpersonatedAccount,
  writeImpersonatedAccount,
} from './impersonated-accounts.js';
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
export { SECRET_TYPES } from './secret-types.js';
export {
  deleteStaticAccount,
  generateStaticAccountKey,
  generateStaticAccountToken,
  listStaticAccounts,
  readStaticAccount,
  rotateStaticAccountKey,
  writeStaticAccount,
} from './static-accounts.js';
export type {
  AccessToken,
  CloudConfig,
  CloudConfigInput,
  ImpersonatedAccount,
  ImpersonatedAccountInput,
  KeyRequestInput,
  Roleset,
  RolesetInput,
  ServiceAccountKey,
  StaticAccount,
  StaticAccountInput,
} from './types.generated.js';
