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
 * Options: `namespace` (the client's by default; the allocation's own namespace is checked); `index`
 * and `wait` make it a blocking read, `consistency: 'stale'` lets any server answer.
 *
 * @example
 * ```ts
 * import { readAllocation } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const [stub] = await scheduler.jobs.listAllocations('web');
 * const alloc = await readAllocation(core, stub.ID);
 * console.log(alloc.NodeID, alloc.ClientStatus, alloc.DesiredStatus);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
 *   `index`/`wait` are out of range.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs in the allocation's namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of `readAllocation`, and the watch's `index` (start after it), `wait`, `signal`
 * (ends the watch quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
 *
 * @example
 * ```ts
 * import { watchAllocation } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const [stub] = await scheduler.jobs.listAllocations('web');
 * for await (const { data: alloc, meta } of watchAllocation(core, stub.ID)) {
 *   console.log(meta.index, alloc.ClientStatus);
 *   if (alloc.ClientStatus === 'running') break; // pending first, running a moment later
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
 *   options are out of range.
 * @throws {NotFoundError} from the iteration, when no allocation has that id (or it was removed).
 * @throws {PermissionDeniedError} from the iteration, when the token may not read the allocation.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
 */
export function watchAllocation(
  core: SchedulerCore,
  allocId: string,
  options?: WatchCallOptions<ReadAllocationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Allocation>, void, undefined> {
  return watchRead(options, readAllocationOptionKeys, (call) => readAllocation(core, allocId, call));
}
