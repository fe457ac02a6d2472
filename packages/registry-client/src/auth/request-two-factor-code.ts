import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type TwoFactorCodeRequest, TwoFactorCodeRequestSchema } from './request-schemas.js';
import { type TwoFactorCodeResponse, TwoFactorCodeResponseSchema } from './schemas.js';

/** POST /api/v1/two-factor/request-code — sends a two-factor code by SMS for a later token creation. */
export function requestTwoFactorCode(
  core: RegistryCore,
  request: TwoFactorCodeRequest,
  options?: RequestOptions,
): ApiPromise<TwoFactorCodeResponse> {
  return sendOperation(
    core,
    async () => {
      const { login, password, delivery_method } = await validateRequest(
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
