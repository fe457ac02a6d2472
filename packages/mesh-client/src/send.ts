import { ApiPromise, type RequestOptions, type RequestSpec } from '@infra-sdk/core';
import type { MeshCore } from './core.js';

/**
 * Sends the request that `prepare` builds once its input checks pass. A failed check rejects the
 * returned promise with RequestValidationError, and nothing is sent.
 */
export function sendChecked<T>(
  core: MeshCore,
  prepare: () => Promise<RequestSpec<T>>,
  options: RequestOptions | undefined,
): ApiPromise<T> {
  return new ApiPromise(prepare().then((spec) => core.transport.request(spec, options).withMeta()));
}
