import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { type Allocation, AllocationListSchema } from '../allocations/schemas.js';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import type { ReadNodeOptions } from './read-node.js';

/** GET /v1/node/:node_id/allocations — lists the allocations placed on a node. */
export function listNodeAllocations(
  core: SchedulerCore,
  nodeId: string,
  options?: ReadNodeOptions,
): ApiPromise<Allocation[]> {
  return blockingRead(core, options, () => ({
    path: path`/node/${fullUuid(nodeId, 'node id')}/allocations`,
    query: regionQuery(core, options),
    schema: AllocationListSchema,
  }));
}

/** GET /v1/node/:node_id/allocations (blocking) — yields the node's allocations each time they change. */
export function watchNodeAllocations(
  core: SchedulerCore,
  nodeId: string,
  options?: WatchCallOptions<ReadNodeOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Allocation[]>, void, undefined> {
  return watchRead(options, (call) => listNodeAllocations(core, nodeId, call));
}
