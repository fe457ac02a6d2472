import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type CreateTokenRequest, CreateTokenRequestSchema } from './request-schemas.js';
import { type Token, TokenSchema } from './schemas.js';

/** POST /api/v1/authenticate — creates a token from a login and password (and a two-factor code when enabled). */
export function createToken(
  core: RegistryCore,
  request: CreateTokenRequest,
  options?: RequestOptions,
): ApiPromise<Token> {
  return sendOperation(
    core,
    async () => {
      const { login, password, description, code } = await validateRequest(
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
