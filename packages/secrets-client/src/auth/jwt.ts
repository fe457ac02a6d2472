// JWT: a workload logs in with a token an identity provider signed (a CI job's, a cloud's).
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { mountOf } from '../mount.js';
import { type JwtSource, jwtOf } from './jwt-source.js';
import { type LoginOptions, loginRequest, withoutToken } from './login.js';
import { JwtLoginRequestSchema } from './schemas.js';
import type { LoginAuth } from './types.generated.js';

/** What a JWT login sends: the JWT (or a function that returns a fresh one) and the role. */
export interface JwtCredentials {
  /** The role; omitted: the method's default role. */
  readonly role?: string | undefined;
  /** The signed JWT, or a function asked at each login for a fresh one. */
  readonly jwt: JwtSource;
  /** A token to fetch group claims from a distributed claim source (Azure/Entra ID only). */
  readonly distributed_claim_access_token?: string | undefined;
}

/**
 * `POST /v1/auth/{mount}/login`: logs in with a signed JWT (`jwt`, and the `role` whose bound claims
 * it must meet) and resolves to the `auth` block. `jwt` may be a function, asked at each login, so a
 * short-lived identity token is fetched fresh each time. Sends no token of the client's own.
 *
 * @example
 * ```ts compile-only
 * import { loginJwt } from '@infra-sdk/secrets-client';
 *
 * const auth = await loginJwt(core, { role: 'ci', jwt: () => process.env.CI_JOB_JWT ?? '' });
 * console.log(auth.policies, auth.lease_duration);
 * ```
 * @throws {BadRequestError} when the JWT's signature, expiry or claims do not satisfy the role, or the
 *   role is unknown.
 * @throws {RequestValidationError} before sending, when the JWT or a given role is empty.
 * @throws {NotFoundError} when no JWT method is mounted at `mount`.
 * @throws {Error} whatever `jwt` throws.
 */
export function loginJwt(
  core: SecretsCore,
  credentials: JwtCredentials,
  options?: LoginOptions,
): ApiPromise<LoginAuth, SecretsMeta> {
  const { mount, ...request } = withoutToken(options);
  return sendOperation(
    core,
    async () => {
      const { role, distributed_claim_access_token: claimToken } = credentials;
      const body = {
        ...(role === undefined ? {} : { role }),
        jwt: await jwtOf(credentials.jwt),
        ...(claimToken === undefined ? {} : { distributed_claim_access_token: claimToken }),
      };
      return loginRequest(
        `/auth/${mountOf('jwt', { mount })}/login`,
        await validateRequest(JwtLoginRequestSchema, body, 'JWT login'),
      );
    },
    request,
    engineRequestOptionKeys,
  );
}
