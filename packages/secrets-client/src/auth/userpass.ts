// Userpass: a user logs in with a name and a password.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import { type LoginOptions, loginRequest, withoutToken } from './login.js';
import { UserpassLoginRequestSchema } from './schemas.js';
import type { LoginAuth } from './types.generated.js';

/**
 * `POST /v1/auth/{mount}/login/:username`: logs in with a user name and password and resolves to the
 * `auth` block (the token, its accessor, policies, `lease_duration`, renewability). Sends no token of
 * the client's own; the password travels only in the body. Not retried.
 *
 * @example
 * ```ts
 * import { loginUserpass } from '@infra-sdk/secrets-client';
 *
 * const auth = await loginUserpass(core, 'ada', { password: process.env.SECRETS_PASSWORD ?? '' });
 * console.log(auth.policies, auth.lease_duration);
 * ```
 * @throws {BadRequestError} when the user name or password is wrong (the service answers 400
 *   "invalid username or password").
 * @throws {RequestValidationError} before sending, when the password is empty or the user name cannot
 *   be one path segment.
 * @throws {NotFoundError} when no userpass method is mounted at `mount`.
 */
export function loginUserpass(
  core: SecretsCore,
  username: string,
  credentials: { readonly password: string },
  options?: LoginOptions,
): ApiPromise<LoginAuth, SecretsMeta> {
  const { mount, ...request } = withoutToken(options);
  return sendOperation(
    core,
    async () =>
      loginRequest(
        `/auth/${mountOf('userpass', { mount })}${namePath`/login/${username}`}`,
        await validateRequest(
          UserpassLoginRequestSchema,
          { password: credentials.password },
          'userpass login',
        ),
      ),
    request,
    engineRequestOptionKeys,
  );
}
