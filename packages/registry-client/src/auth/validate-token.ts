import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';

/**
 * `GET /api/v1/authenticate`: checks the client's token; resolves to nothing when the registry knows it.
 *
 * @example
 * ```ts
 * import { validateToken } from '@infra-sdk/registry-client';
 *
 * await validateToken(core); // the token of REGISTRY_TOKEN is valid
 * ```
 * @throws {UnauthorizedError} when the client has no token, or one the registry does not know (deleted,
 *   never issued).
 */
export function validateToken(core: RegistryCore, options?: RequestOptions): ApiPromise<void> {
  return sendOperation(core, () => ({ method: 'GET', path: '/authenticate' }), options).map(() => undefined);
}
