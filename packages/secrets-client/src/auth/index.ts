export {
  type AppRoleCredentials,
  loginAppRole,
} from './approle.js';
export { type AuthGroup, authGroup, authOperations } from './group.js';
export {
  type JwtCredentials,
  loginJwt,
} from './jwt.js';
export type { JwtSource } from './jwt-source.js';
export {
  type KeepLoginOptions,
  keepLogin,
  type LoginCall,
  type LoginKeeper,
} from './keep-login.js';
export {
  type KubernetesCredentials,
  loginKubernetes,
} from './kubernetes.js';
export type { LoginOptions } from './login.js';
export type { LoginAuth } from './types.generated.js';
export { loginUserpass } from './userpass.js';
