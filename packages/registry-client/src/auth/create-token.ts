import { type ApiPromise, type RequestOptions, sendOperation, validateRequestBody } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { CreateTokenRequestSchema } from './request-schemas.js';
import { TokenSchema } from './schemas.js';
import type { CreateTokenRequest, Token } from './types.generated.js';

/**
 * `POST /api/v1/authenticate`: creates a token from a login (username or e-mail) and password, with a
 * two-factor `code` when the user has two-factor authentication enabled. The token is shown only here.
 *
 * Options: `description` labels the token; `code` comes from `requestTwoFactorCode`.
 *
 * @example
 * ```ts
 * import { createToken } from '@infra-sdk/registry-client';
 *
 * const { token, token_hash } = await createToken(core, { login: 'me', password: 'secret', description: 'CI' });
 * console.log(token_hash.length, token.length > 0); // 128 true
 * ```
 * @throws {UnauthorizedError} when the login or password is wrong, or the two-factor code is missing,
 *   wrong or used.
 * @throws {RequestValidationError} before sending, when `login` or `password` is empty or a field is unknown.
 */
export function createToken(
  core: RegistryCore,
  request: CreateTokenRequest,
  options?: RequestOptions,
): ApiPromise<Token> {
  return sendOperation(
    core,
    async () => {
      const { login, password, description, code } = await validateRequestBody(
        CreateTokenRequestSchema,
        request,
        'token request',
      );
      return {
        method: 'POST',
        path: '/authenticate',
        body: {
          ...(description === undefined ? {} : { token: { description } }),
          ...(code === undefined ? {} : { two_factor: { code } }),
          user: { login, password },
        },
        schema: TokenSchema,
      };
    },
    options,
  );
}
