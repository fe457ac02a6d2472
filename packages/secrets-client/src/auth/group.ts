// The `auth` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { loginAppRole } from './approle.js';
import { loginJwt } from './jwt.js';
import { keepLogin } from './keep-login.js';
import { loginKubernetes } from './kubernetes.js';
import { loginUserpass } from './userpass.js';

/** The operations of `client.auth`. */
export const authOperations = {
  loginAppRole,
  loginUserpass,
  loginKubernetes,
  loginJwt,
  keepLogin,
};

/** `client.auth`: logins with the service's auth methods, and a keeper that stays logged in. */
export interface AuthGroup extends BoundGroup<SecretsCore, typeof authOperations> {}

/** Builds `client.auth`. */
export function authGroup(core: SecretsCore): AuthGroup {
  return bindOperations(core, authOperations);
}
