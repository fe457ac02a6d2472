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
  /**
   * `POST /v1/auth/{mount}/login`: logs in with AppRole and resolves to the `auth` block
   * ({@link loginAppRole} with this client's core); a `wrapped_secret_id` is unwrapped first.
   *
   * Options: `mount` (default `approle`); `namespace`.
   *
   * @example
   * ```ts
   * const auth = await secrets.auth.loginAppRole({ role_id: 'my-role-id', secret_id: process.env.SECRET_ID });
   * console.log(auth.accessor, auth.lease_duration);
   * ```
   * @throws {BadRequestError} when the role id or secret id is unknown, spent or expired, or the
   *   wrapping token is no longer valid.
   * @throws {RequestValidationError} before sending, when `role_id` is empty.
   * @throws {NotFoundError} when no AppRole method is mounted at `mount`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  loginAppRole,
  /**
   * `POST /v1/auth/{mount}/login/:username`: logs in with a user name and password and resolves to the
   * `auth` block ({@link loginUserpass} with this client's core).
   *
   * Options: `mount` (default `userpass`); `namespace`.
   *
   * @example
   * ```ts
   * const auth = await secrets.auth.loginUserpass('ada', { password: process.env.SECRETS_PASSWORD ?? '' });
   * console.log(auth.policies);
   * ```
   * @throws {BadRequestError} when the user name or password is wrong.
   * @throws {RequestValidationError} before sending, when the password is empty or the user name cannot
   *   be one path segment.
   * @throws {NotFoundError} when no userpass method is mounted at `mount`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  loginUserpass,
  /**
   * `POST /v1/auth/{mount}/login`: logs in with Kubernetes: a role and the pod's service-account token,
   * or a function that reads it at each login ({@link loginKubernetes} with this client's core).
   *
   * Options: `mount` (default `kubernetes`); `namespace`.
   *
   * @example
   * ```ts compile-only
   * import { serviceAccountToken } from '@infra-sdk/secrets-client/node';
   *
   * const auth = await secrets.auth.loginKubernetes({ role: 'orders', jwt: serviceAccountToken() });
   * console.log(auth.policies);
   * ```
   * @throws {PermissionDeniedError} when the service does not accept the token for the role.
   * @throws {BadRequestError} when the role is unknown.
   * @throws {RequestValidationError} before sending, when `role` or the token is empty.
   * @throws {NotFoundError} when no Kubernetes method is mounted at `mount`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  loginKubernetes,
  /**
   * `POST /v1/auth/{mount}/login`: logs in with a signed JWT, or a function that returns a fresh one at
   * each login ({@link loginJwt} with this client's core).
   *
   * Options: `mount` (default `jwt`); `namespace`.
   *
   * @example
   * ```ts compile-only
   * const auth = await secrets.auth.loginJwt({ role: 'ci', jwt: () => process.env.CI_JOB_JWT ?? '' });
   * console.log(auth.policies);
   * ```
   * @throws {BadRequestError} when the JWT's signature, expiry or claims do not satisfy the role.
   * @throws {RequestValidationError} before sending, when the JWT or a given role is empty.
   * @throws {NotFoundError} when no JWT method is mounted at `mount`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  loginJwt,
  /**
   * Logs in and stays logged in: renews the token, logs in again before its maximum life, hands the new
   * token over and revokes the old one ({@link keepLogin} with this client's core). Its `token` is the
   * token source of the clients that use the session, this one included.
   *
   * Options: `revokeAfterMs`, `revokeOnStop`, `increment`, `renewWindow`, `onCredential`, `onEvent`,
   * `backoffMs`/`maxBackoffMs`, `maxFailures`, `clock`, `signal`, and request options for its calls.
   *
   * @example
   * ```ts
   * import { createSecretsClient } from '@infra-sdk/secrets-client';
   *
   * // One client: its token is the session's, and its logins send none.
   * const app = createSecretsClient({ baseUrl: 'https://secrets.example:8200', token: () => session.token() });
   * await using session = app.auth.keepLogin(({ signal }) =>
   *   app.auth.loginAppRole({ role_id: 'my-role-id', secret_id: process.env.SECRET_ID }, { signal }),
   * );
   * console.log((await app.token.lookupSelf()).policies);
   * ```
   * @throws {RangeError} at once, when `renewWindow`, `revokeAfterMs`, `backoffMs` or `maxBackoffMs`
   *   are out of range.
   * @throws {RequestValidationError} at once, when `increment` is not whole seconds or duration text.
   *   Failures of the calls are never thrown: they are `retry` and `error` events, and `done` says how
   *   the keeper ended.
   */
  keepLogin,
};

/** `client.auth`: logins with the service's auth methods, and a keeper that stays logged in. */
export interface AuthGroup extends BoundGroup<SecretsCore, typeof authOperations> {}

/** Builds `client.auth`. */
export function authGroup(core: SecretsCore): AuthGroup {
  return bindOperations(core, authOperations);
}
