import { type ApiPromise, type BlockingOptions, type RequestOptions, sendOperation } from '@infra-sdk/core';
import { blockingField } from '../blocking.js';
import type { MeshCore } from '../core.js';
import { type Namespace, NamespaceListSchema } from './schemas.js';

/** Per-call options of `listNamespaces`: the request options and the blocking-query ones. */
export interface ListNamespacesOptions extends RequestOptions, BlockingOptions {}

/**
 * `GET /v1/namespaces`: lists the namespaces the token may see, sorted by name (the built-in `default`
 * included, and namespaces marked for deletion until they are removed).
 *
 * Options: `index` and `wait` make it a blocking read (it answers once the state index passes `index`,
 * or after `wait`, at most 10 minutes; default 5 minutes); `consistency` (`default`, `stale`,
 * `consistent`; the client's by default); and the request options (`signal`, `timeout`, `headers`,
 * `retry`, `validateResponse`).
 *
 * @example
 * ```ts
 * import { createNamespace, listNamespaces } from '@infra-sdk/mesh-client';
 *
 * await createNamespace(core, { Name: 'team-1' });
 * const { data, meta } = await listNamespaces(core).withMeta();
 * console.log(data.map((namespace) => namespace.Name), meta.index); // [ 'default', 'team-1' ]
 * ```
 * @throws {RequestValidationError} before sending, when `wait` is negative, unreadable or over 10 minutes,
 *   `index` is not a whole number 0 or more, or `consistency` is unknown.
 * @throws {PermissionDeniedError} when the token is unknown (`ACL not found`); namespaces a known token
 *   may not read are left out of the list, not refused.
 * @throws {ServerError} on a 5xx, e.g. `No cluster leader` (only `stale` reads work without one), once
 *   the retries are spent.
 * @throws {ResponseValidationError} when the answer is not a list of namespaces.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
 */
export function listNamespaces(core: MeshCore, options: ListNamespacesOptions = {}): ApiPromise<Namespace[]> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: '/namespaces',
      ...blockingField(options, core.consistency),
      schema: NamespaceListSchema,
    }),
    options,
  );
}
