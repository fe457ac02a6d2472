import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';

/** DELETE /api/v1/authenticate — revokes the client's token (204); rejects with UnauthorizedError (401) when it is not valid. */
export function deleteToken(core: RegistryCore, options?: RequestOptions): ApiPromise<void> {
  return sendOperation(core, () => ({ method: 'DELETE', path: '/authenticate' }), options).map(
    () => undefined,
  );
}
