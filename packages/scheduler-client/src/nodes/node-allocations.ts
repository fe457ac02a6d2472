import {
  type ApiPromise,
  type ApiResult,
  path,
  sendOperation,
  type WatchCallOptions,
  watchBlocking,
} from '@infra-sdk/core';
import { type Allocation, AllocationList } from '../allocations/schemas.js';
import { blocking, type SchedulerConsistency, schedulerBlockingLimits } from '../blocking.js';
import { regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../client.js';
import { fullUuid } from '../identifiers.js';
import type { ReadNodeOptions } from './read-node.js';

/** GET /v1/node/:node_id/allocations — lists the allocations placed on a node. */
export function listNodeAllocations(
  core: SchedulerCore,
  nodeId: string,
  options?: ReadNodeOptions,
): ApiPromise<Allocation[]> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: path`/node/${fullUuid(nodeId, 'node id')}/allocations`,
      query: regionQuery(core, options),
      ...blocking(options),
      schema: AllocationList,
    }),
    options,
  );
}

/** GET /v1/node/:node_id/allocations (blocking) — yields the node's allocations each time they change. */
export function watchNodeAllocations(
  core: SchedulerCore,
  nodeId: string,
  options?: WatchCallOptions<ReadNodeOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Allocation[]>, void, undefined> {
  return watchBlocking(options, schedulerBlockingLimits, (call) => listNodeAllocations(core, nodeId, call));
}
