import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type Allocation, AllocationSchema } from './schemas.js';

/** Options of reads of one allocation. */
export interface ReadAllocationOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** GET /v1/allocation/:alloc_id — reads one allocation; the id must be the full UUID. */
export function readAllocation(
  core: SchedulerCore,
  allocId: string,
  options?: ReadAllocationOptions,
): ApiPromise<Allocation> {
  return blockingRead(core, options, () => ({
    path: path`/allocation/${fullUuid(allocId, 'allocation id')}`,
    query: namespaceQuery(core, options),
    schema: AllocationSchema,
  }));
}

/** GET /v1/allocation/:alloc_id (blocking) — yields the allocation each time it changes. */
export function watchAllocation(
  core: SchedulerCore,
  allocId: string,
  options?: WatchCallOptions<ReadAllocationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Allocation>, void, undefined> {
  return watchRead(options, (call) => readAllocation(core, allocId, call));
}
