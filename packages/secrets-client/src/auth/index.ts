export { type AppRoleCredentials, loginAppRole } from './approle.js';
export { type AuthGroup, authOperations } from './group.js';
export { type KeepLoginOptions, keepLogin, type LoginCall, type LoginKeeper } from './keep-login.js';
export type { LoginOptions } from './login.js';
export {
  AppRoleLoginRequestSchema,
  type LoginAuth,
  LoginAuthSchema,
  UserpassLoginRequestSchema,
} from './schemas.js';
export { loginUserpass } from './userpass.js';
