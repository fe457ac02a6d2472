// Requests outside the typed operations (the `request()` escape hatch, `?help=1` on any path) go through
// core's `sendRawRequest`, so the check that a raw path cannot leave the service's prefix lives in core
// alone; the client adds its per-call options (the `namespace` header).
import { ApiPromise, type RawRequest, type ResponseMeta, sendRawRequest } from '@infra-sdk/core';
import type { SecretsRequestOptions } from './call-options.js';
import type { SecretsCore } from './core.js';
import { secretsCallOptions } from './rules.js';

/** Any method and path under /v1, with the client's auth, retries, errors and namespace. */
export function sendSecretsRequest<T>(
  core: SecretsCore,
  raw: RawRequest<T>,
  options: SecretsRequestOptions | undefined,
): ApiPromise<T, ResponseMeta> {
  try {
    return sendRawRequest(core.transport, raw, secretsCallOptions(options ?? {}));
  } catch (error) {
    // A bad namespace option, like every bad input, rejects the call instead of throwing.
    return new ApiPromise(Promise.reject(error));
  }
}
