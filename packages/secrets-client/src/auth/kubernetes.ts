// Kubernetes: a pod logs in with its service account's token.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { mountOf } from '../mount.js';
import { type JwtSource, jwtOf } from './jwt-source.js';
import { type LoginOptions, loginRequest, withoutToken } from './login.js';
import { KubernetesLoginRequestSchema } from './schemas.js';
import type { LoginAuth } from './types.generated.js';

/** What a Kubernetes login sends: the role, and the service account's token (or a function that reads it). */
export interface KubernetesCredentials {
  readonly role: string;
  /**
   * The service account's token, or a function asked at each login (the token rotates):
   * `serviceAccountToken()` from `@infra-sdk/secrets-client/node` reads it from its file.
   */
  readonly jwt: JwtSource;
}

/**
 * `POST /v1/auth/{mount}/login`: logs in with Kubernetes (`role`, and the pod's service-account token
 * as `jwt`) and resolves to the `auth` block. `jwt` may be a function, asked at each login, so a
 * projected token that rotates is read fresh (`serviceAccountToken()` of the `./node` entry reads its
 * file, `/var/run/secrets/kubernetes.io/serviceaccount/token`). Sends no token of the client's own.
 *
 * @example
 * ```ts compile-only
 * import { loginKubernetes } from '@infra-sdk/secrets-client';
 * import { serviceAccountToken } from '@infra-sdk/secrets-client/node';
 *
 * const auth = await loginKubernetes(core, { role: 'orders', jwt: serviceAccountToken() });
 * console.log(auth.policies, auth.lease_duration);
 * ```
 * @throws {PermissionDeniedError} when the service does not accept the service-account token for the role.
 * @throws {BadRequestError} when the role is unknown.
 * @throws {RequestValidationError} before sending, when `role` or the token is empty.
 * @throws {NotFoundError} when no Kubernetes method is mounted at `mount`.
 * @throws {Error} whatever `jwt` throws (a token file that cannot be read).
 */
export function loginKubernetes(
  core: SecretsCore,
  credentials: KubernetesCredentials,
  options?: LoginOptions,
): ApiPromise<LoginAuth, SecretsMeta> {
  const { mount, ...request } = withoutToken(options);
  return sendOperation(
    core,
    async () =>
      loginRequest(
        `/auth/${mountOf('kubernetes', { mount })}/login`,
        await validateRequest(
          KubernetesLoginRequestSchema,
          { role: credentials.role, jwt: await jwtOf(credentials.jwt) },
          'Kubernetes login',
        ),
      ),
    request,
    engineRequestOptionKeys,
  );
}
