import { type ApiPromise, type RequestOptions, sendOperation, validateRequestBody } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { TwoFactorCodeRequestSchema } from './request-schemas.js';
import { TwoFactorCodeResponseSchema } from './schemas.js';
import type { TwoFactorCodeRequest, TwoFactorCodeResponse } from './types.generated.js';

/**
 * `POST /api/v1/two-factor/request-code`: has the registry send a two-factor code (by SMS, the only
 * delivery method) to a user with two-factor authentication, for `createToken`'s `code`.
 *
 * Options: `delivery_method` (`sms`, the default and only value).
 *
 * @example
 * ```ts compile-only
 * import { createToken, requestTwoFactorCode } from '@infra-sdk/registry-client';
 *
 * declare function askForCode(where: string): Promise<string>; // the code the user received
 * const sent = await requestTwoFactorCode(core, { login: 'me', password: 'secret' });
 * const code = await askForCode(sent.two_factor.obfuscated_destination); // "SMS number ending in 7890"
 * await createToken(core, { login: 'me', password: 'secret', code });
 * ```
 * @throws {UnauthorizedError} when the login or password is wrong.
 * @throws {UnprocessableEntityError} when the user has no two-factor authentication enabled.
 * @throws {RequestValidationError} before sending, when `login` or `password` is empty or
 *   `delivery_method` is not `sms`.
 */
export function requestTwoFactorCode(
  core: RegistryCore,
  request: TwoFactorCodeRequest,
  options?: RequestOptions,
): ApiPromise<TwoFactorCodeResponse> {
  return sendOperation(
    core,
    async () => {
      const { login, password, delivery_method } = await validateRequestBody(
        TwoFactorCodeRequestSchema,
        request,
        'two-factor code request',
      );
      return {
        method: 'POST',
        path: '/two-factor/request-code',
        body: { two_factor: { delivery_method }, user: { login, password } },
        schema: TwoFactorCodeResponseSchema,
      };
    },
    options,
  );
}
