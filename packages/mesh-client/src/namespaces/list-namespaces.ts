import {
  type ApiPromise,
  type BlockingOptions,
  blockingOptionKeys,
  type KeySets,
  sendOperation,
} from '@infra-sdk/core';
import { blockingField } from '../blocking.js';
import type { MeshCore } from '../core.js';
import type { MeshMeta } from '../meta.js';
import { type MeshRequestOptions, meshRequestOptionKeys, scopeQuery } from '../scope.js';
import { NamespaceListSchema } from './schemas.js';
import type { Namespace } from './types.generated.js';

/** Per-call options of `listNamespaces`: the request options and the blocking-query ones. */
export interface ListNamespacesOptions extends MeshRequestOptions, BlockingOptions {}

/** The keys of `ListNamespacesOptions`. */
export const listNamespacesOptionKeys: KeySets = [meshRequestOptionKeys, blockingOptionKeys];

/**
 * `GET /v1/namespaces`: lists the namespaces the token may see, sorted by name (the built-in `default`
 * included, and namespaces marked for deletion until they are removed).
 *
 * Options: `index` and `wait` make it a blocking read (it answers once the state index passes `index`,
 * or after `wait`, at most 10 minutes; default 5 minutes); `consistency` (`default`, `stale`,
 * `consistent`; the client's by default); `partition` (`?partition=`: list that admin partition's
 * namespaces) and `dc` (`?dc=`: the datacenter to ask); and the request options (`signal`, `timeout`,
 * `headers`, `retry`, `validateResponse`, `token`). With ACLs on, `.withMeta()` gives
 * `meta.defaultAclPolicy`, and `meta.resultsFilteredByAcls` is true when the token's ACLs left
 * namespaces out.
 *
 * @example
 * ```ts
 * import { createNamespace, listNamespaces } from '@infra-sdk/mesh-client';
 *
 * await createNamespace(core, { Name: 'team-1' });
 * const { data, meta } = await listNamespaces(core).withMeta();
 * console.log(data.map((namespace) => namespace.Name), meta.index); // [ 'default', 'team-1' ]
 * const ofPartition = await listNamespaces(core, { partition: 'default' }); // one admin partition's namespaces
 * ```
 * @throws {RequestValidationError} before sending, when `partition` is not a DNS hostname label, `dc` is not
 *   a datacenter name, `wait` is negative, unreadable or over 10 minutes,
 *   `index` is not a whole number 0 or more, or `consistency` is unknown.
 * @throws {PermissionDeniedError} when the token is unknown (`ACL not found`); namespaces a known token
 *   may not read are left out of the list, not refused.
 * @throws {NotFoundError} when the partition does not exist.
 * @throws {ServerError} on a 5xx, e.g. `No path to datacenter` for an unknown `dc`, or `No cluster leader` (only `stale` reads work without one), once
 *   the retries are spent.
 * @throws {ResponseValidationError} when the answer is not a list of namespaces.
 */
export function listNamespaces(
  core: MeshCore,
  options: ListNamespacesOptions = {},
): ApiPromise<Namespace[], MeshMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'GET',
      path: '/namespaces',
      ...(await scopeQuery(options)),
      ...blockingField(options, core.consistency),
      schema: NamespaceListSchema,
    }),
    options,
    listNamespacesOptionKeys,
  );
}
