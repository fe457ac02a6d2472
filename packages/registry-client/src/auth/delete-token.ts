import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';

/**
 * `DELETE /api/v1/authenticate`: revokes the client's token (the registry answers 204); later calls with
 * it fail with `UnauthorizedError`.
 *
 * @example
 * ```ts
 * import { createRegistryClient, createToken, deleteToken } from '@infra-sdk/registry-client';
 *
 * const { token } = await createToken(core, { login: 'me', password: 'secret', description: 'one job' });
 * const job = createRegistryClient({ baseUrl: 'https://registry.example.com', token });
 * await deleteToken(job.core); // that token no longer works
 * ```
 * @throws {UnauthorizedError} when the client has no token, or one the registry does not know.
 */
export function deleteToken(core: RegistryCore, options?: RequestOptions): ApiPromise<void> {
  return sendOperation(core, () => ({ method: 'DELETE', path: '/authenticate' }), options).map(
    () => undefined,
  );
}
