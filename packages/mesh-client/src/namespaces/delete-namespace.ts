import { type ApiPromise, sendOperation } from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import type { MeshMeta } from '../meta.js';
import { type MeshRequestOptions, meshRequestOptionKeys, scopeQuery } from '../scope.js';
import { namespacePathSegment } from './path-name.js';

/**
 * `DELETE /v1/namespace/:name`: marks a namespace for deletion. Success is the status alone: resolves to
 * `undefined` (status in `.withMeta()`). Reads keep returning it, with `DeletedAt` set, until the server
 * has removed its data; `waitUntilNamespaceDeleted` waits for that. Deleting a namespace already marked
 * changes nothing and succeeds.
 *
 * Options: `partition` (`?partition=`: the admin partition the namespace is in), `dc` (`?dc=`: the
 * datacenter to ask), and the request options (`signal`, `timeout`, `headers`, `retry`,
 * `validateResponse`, `token`). A delete is not retried unless `retry: { retryWrites: true }`.
 *
 * @example
 * ```ts
 * import { createNamespace, deleteNamespace, waitUntilNamespaceDeleted } from '@infra-sdk/mesh-client';
 *
 * await createNamespace(core, { Name: 'team-1' });
 * const { meta } = await deleteNamespace(core, 'team-1', { partition: 'default' }).withMeta(); // ?partition=default
 * console.log(meta.status); // 200: marked for deletion
 * await waitUntilNamespaceDeleted(core, 'team-1', { signal: AbortSignal.timeout(60_000) });
 * ```
 * @throws {NotFoundError} when no namespace has that name (in that partition), or the partition does not exist.
 * @throws {RequestValidationError} before sending, when the name or `partition` is not a DNS hostname
 *   label, or `dc` is not a datacenter name.
 * @throws {BadRequestError} when the namespace is the built-in `default`, which cannot be deleted.
 * @throws {PermissionDeniedError} when the token lacks `operator:write`, or is unknown (`ACL not found`).
 * @throws {ServerError} on a 5xx, e.g. `No path to datacenter` for an unknown `dc`, or `No cluster leader`.
 */
export function deleteNamespace(
  core: MeshCore,
  name: string,
  options: MeshRequestOptions = {},
): ApiPromise<void, MeshMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'DELETE',
      path: `/namespace/${await namespacePathSegment(name)}`,
      ...(await scopeQuery(options)),
      // The spec promises no body; reading it as text ignores whatever a server may still send.
      responseType: 'text' as const,
    }),
    options,
    meshRequestOptionKeys,
  ).map(() => undefined);
}
