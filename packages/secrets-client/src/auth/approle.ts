// AppRole: a machine logs in with its role id and a secret id, which may reach it wrapped.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { mountOf } from '../mount.js';
import { unwrap } from '../wrapping/unwrap.js';
import { type LoginOptions, loginRequest, withoutToken } from './login.js';
import { AppRoleLoginRequestSchema } from './schemas.js';
import type { LoginAuth } from './types.generated.js';

/** What an AppRole login sends: the role id and a secret id, or a wrapping token that holds one. */
export type AppRoleCredentials =
  | { readonly role_id: string; readonly secret_id?: string | undefined }
  | {
      readonly role_id: string;
      /** A wrapping token of `role/:name/secret-id`: unwrapped first (`sys/wrapping/unwrap`), used once. */
      readonly wrapped_secret_id: string;
    };

/** The secret id of `credentials`, unwrapped when it came wrapped. */
async function secretIdOf(
  core: SecretsCore,
  credentials: AppRoleCredentials,
  options: LoginOptions,
): Promise<string | undefined> {
  if (!('wrapped_secret_id' in credentials)) return credentials.secret_id;
  const { mount: _mount, ...request } = options;
  // The wrapping token is the request's token: it authenticates itself and needs no token of the client's.
  const unwrapped = await unwrap<{ secret_id?: unknown }>(core, undefined, {
    ...request,
    token: credentials.wrapped_secret_id,
  });
  return typeof unwrapped?.secret_id === 'string' ? unwrapped.secret_id : undefined;
}

/**
 * `POST /v1/auth/{mount}/login`: logs in with AppRole (`role_id`, `secret_id`) and resolves to the
 * `auth` block: the token, its accessor, policies, `lease_duration` and renewability. A
 * `wrapped_secret_id` is unwrapped first (`POST /v1/sys/wrapping/unwrap`, with the wrapping token as
 * the request's token), so the secret id never travels in the clear. Sends no token of the client's
 * own (unless the call's `token` option says otherwise). Not retried: a secret id with a limited number of uses would be spent twice.
 *
 * @example
 * ```ts
 * import { loginAppRole } from '@infra-sdk/secrets-client';
 *
 * const auth = await loginAppRole(core, { role_id: 'my-role-id', secret_id: process.env.SECRET_ID });
 * console.log(auth.accessor, auth.lease_duration, auth.policies);
 * ```
 * @throws {BadRequestError} when the role id or secret id is unknown, spent or expired (the service
 *   answers 400 "invalid role or secret ID"), or the wrapping token is no longer valid.
 * @throws {RequestValidationError} before sending, when `role_id` is empty.
 * @throws {NotFoundError} when no AppRole method is mounted at `mount`.
 */
export function loginAppRole(
  core: SecretsCore,
  credentials: AppRoleCredentials,
  options?: LoginOptions,
): ApiPromise<LoginAuth, SecretsMeta> {
  const { mount, ...request } = withoutToken(options);
  return sendOperation(
    core,
    async () => {
      const path = `/auth/${mountOf('approle', { mount })}/login`;
      const secretId = await secretIdOf(core, credentials, request);
      const body = await validateRequest(
        AppRoleLoginRequestSchema,
        { role_id: credentials.role_id, ...(secretId === undefined ? {} : { secret_id: secretId }) },
        'AppRole login',
      );
      return loginRequest(path, body);
    },
    request,
    engineRequestOptionKeys,
  );
}
