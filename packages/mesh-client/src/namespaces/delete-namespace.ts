import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import { namespacePathSegment } from './path-name.js';

/**
 * DELETE /v1/namespace/:name — marks a namespace for deletion. Success is the status alone: resolves to
 * `undefined` (status in `.withMeta()`). Reads keep returning it, with `DeletedAt` set, until the server
 * has removed its data; `waitUntilNamespaceDeleted` waits for that.
 */
export function deleteNamespace(core: MeshCore, name: string, options?: RequestOptions): ApiPromise<void> {
  return sendOperation(
    core,
    async () => ({
      method: 'DELETE',
      path: `/namespace/${await namespacePathSegment(name)}`,
      // The spec promises no body; reading it as text ignores whatever a server may still send.
      responseType: 'text' as const,
    }),
    options,
  ).map(() => undefined);
}
