import { type ApiPromise, type ApiResult, type KeySets, path, type WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingOptionKeys,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { AllocationSchema } from './schemas.js';
import type { Allocation } from './types.generated.js';

/** Options of reads of one allocation. */
export interface ReadAllocationOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** The keys of `ReadAllocationOptions`. */
export const readAllocationOptionKeys: KeySets = [namespaceOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/allocation/:alloc_id`: reads one allocation: where it runs, its desired and client status,
 * its task states and its deployment health.
 *
 * @example
 * ```ts
 * import { readAllocation } from '@infra-sdk/scheduler-client';
 *
 * const [stub] = await scheduler.jobs.listAllocations('web');
 * const alloc = await readAllocation(core, stub.ID);
 * console.log(alloc.NodeID, alloc.ClientStatus, alloc.DesiredStatus);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs in the allocation's namespace.
 */
export function readAllocation(
  core: SchedulerCore,
  allocId: string,
  options?: ReadAllocationOptions,
): ApiPromise<Allocation> {
  return blockingRead(core, options, readAllocationOptionKeys, () => ({
    path: path`/allocation/${fullUuid(allocId, 'allocation id')}`,
    query: namespaceQuery(core, options),
    schema: AllocationSchema,
  }));
}

/**
 * `GET /v1/allocation/:alloc_id`, blocking: yields the allocation now, then each time it changes.
 *
 * @example
 * ```ts
 * import { watchAllocation } from '@infra-sdk/scheduler-client';
 *
 * const [stub] = await scheduler.jobs.listAllocations('web');
 * for await (const { data: alloc, meta } of watchAllocation(core, stub.ID)) {
 *   console.log(meta.index, alloc.ClientStatus);
 *   if (alloc.ClientStatus === 'running') break; // pending first, running a moment later
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `readAllocation` throws them.
 * @throws {NotFoundError} from the iteration, when no allocation has that id (or it was removed).
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchAllocation(
  core: SchedulerCore,
  allocId: string,
  options?: WatchCallOptions<ReadAllocationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Allocation>, void, undefined> {
  return watchRead(options, readAllocationOptionKeys, (call) => readAllocation(core, allocId, call));
}
