import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';

/** GET /api/v1/authenticate — resolves when the client's token is valid; rejects with UnauthorizedError (401) when not. */
export function validateToken(core: RegistryCore, options?: RequestOptions): ApiPromise<void> {
  return sendOperation(core, () => ({ method: 'GET', path: '/authenticate' }), options).map(() => undefined);
}
