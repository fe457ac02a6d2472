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
import { namespacePathSegment } from './path-name.js';
import { NamespaceSchema } from './schemas.js';
import type { Namespace } from './types.generated.js';

/** Per-call options of `readNamespace`: the request options and the blocking-query ones. */
export interface ReadNamespaceOptions extends MeshRequestOptions, BlockingOptions {}

/** The keys of `ReadNamespaceOptions`. */
export const readNamespaceOptionKeys: KeySets = [meshRequestOptionKeys, blockingOptionKeys];

/**
 * `GET /v1/namespace/:name`: reads one namespace. A namespace marked for deletion still reads, with
 * `DeletedAt` set; a removed one is a NotFoundError.
 *
 * Options: `index` and `wait` make it a blocking read (it answers once the state index passes `index`,
 * or after `wait`, at most 10 minutes; default 5 minutes); `consistency` (`default`, `stale`,
 * `consistent`; the client's by default); `partition` (`?partition=`: the admin partition the namespace
 * is in) and `dc` (`?dc=`: the datacenter to ask); and the request options (`signal`, `timeout`,
 * `headers`, `retry`, `validateResponse`, `token`). `.withMeta()` gives `meta.index`, `meta.knownLeader`,
 * `meta.lastContact` and, with ACLs on, `meta.defaultAclPolicy`.
 *
 * @example
 * ```ts
 * import { createNamespace, readNamespace } from '@infra-sdk/mesh-client';
 *
 * await createNamespace(core, { Name: 'team-1', Description: 'Namespace for Team 1' });
 * const { data, meta } = await readNamespace(core, 'team-1').withMeta();
 * console.log(data.Description, meta.index);
 * const stale = await readNamespace(core, 'team-1', { consistency: 'stale' }); // any server answers
 * const scoped = await readNamespace(core, 'default', { partition: 'default', dc: 'dc1' }); // ?partition=default&dc=dc1
 * ```
 * @throws {NotFoundError} when no namespace has that name (in that partition), the partition does not
 *   exist, or the namespace has been removed after its deletion.
 * @throws {RequestValidationError} before sending, when the name or `partition` is not a DNS hostname label,
 *   `dc` is not a datacenter name, `wait` is
 *   negative, unreadable or over 10 minutes, `index` is not a whole number 0 or more, or `consistency` is unknown.
 * @throws {PermissionDeniedError} when the token has neither `operator:read` nor `namespace:<name>:read`,
 *   or is unknown (`ACL not found`).
 * @throws {ServerError} on a 5xx, e.g. `No path to datacenter` for an unknown `dc`, or `No cluster leader` (only `stale` reads work without one), once
 *   the retries are spent.
 * @throws {ResponseValidationError} when the answer is not a namespace.
 */
export function readNamespace(
  core: MeshCore,
  name: string,
  options: ReadNamespaceOptions = {},
): ApiPromise<Namespace, MeshMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'GET',
      path: `/namespace/${await namespacePathSegment(name)}`,
      ...(await scopeQuery(options)),
      ...blockingField(options, core.consistency),
      schema: NamespaceSchema,
    }),
    options,
    readNamespaceOptionKeys,
  );
}
