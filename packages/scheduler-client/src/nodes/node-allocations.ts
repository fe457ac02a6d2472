import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { AllocationListSchema } from '../allocations/schemas.js';
import type { Allocation } from '../allocations/types.generated.js';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type ReadNodeOptions, readNodeOptionKeys } from './read-node.js';

/**
 * `GET /v1/node/:node_id/allocations`: lists the allocations placed on a node, every job's, whole
 * (not stubs).
 *
 * @example
 * ```ts
 * import { listNodeAllocations } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
 * const allocations = await listNodeAllocations(core, node.ID);
 * console.log(allocations.map((alloc) => `${alloc.JobID} ${alloc.ClientStatus}`));
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no node has that id.
 * @throws {PermissionDeniedError} when the token's policy does not allow node `read`.
 */
export function listNodeAllocations(
  core: SchedulerCore,
  nodeId: string,
  options?: ReadNodeOptions,
): ApiPromise<Allocation[]> {
  return blockingRead(core, options, readNodeOptionKeys, () => ({
    path: path`/node/${fullUuid(nodeId, 'node id')}/allocations`,
    query: regionQuery(core, options),
    schema: AllocationListSchema,
  }));
}

/**
 * `GET /v1/node/:node_id/allocations`, blocking: yields the node's allocations now, then each time
 * they change.
 *
 * @example
 * ```ts
 * import { watchNodeAllocations } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
 * for await (const { data: allocations } of watchNodeAllocations(core, node.ID)) {
 *   console.log(allocations.length);
 *   break;
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listNodeAllocations` throws them.
 * @throws {NotFoundError} from the iteration, when no node has that id (or it was purged).
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchNodeAllocations(
  core: SchedulerCore,
  nodeId: string,
  options?: WatchCallOptions<ReadNodeOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Allocation[]>, void, undefined> {
  return watchRead(options, readNodeOptionKeys, (call) => listNodeAllocations(core, nodeId, call));
}
