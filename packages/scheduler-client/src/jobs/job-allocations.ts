import {
  type ApiPromise,
  type ApiResult,
  type KeySets,
  type OwnOptionKeys,
  path,
  type WatchCallOptions,
} from '@infra-sdk/core';
import { AllocationStubListSchema } from '../allocations/schemas.js';
import type { AllocationStub } from '../allocations/types.generated.js';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type ReadJobOptions, readJobOptionKeys } from './read-job.js';

/** Options of `listJobAllocations`. */
export interface JobAllocationsOptions extends ReadJobOptions {
  /** Include allocations of an earlier job registered under the same id. */
  readonly all?: boolean | undefined;
}

/** The keys of `JobAllocationsOptions`. */
export const jobAllocationsOptionKeys: KeySets = [
  readJobOptionKeys,
  { all: 1 } as const satisfies OwnOptionKeys<JobAllocationsOptions, ReadJobOptions>,
];

/**
 * GET /v1/job/:job_id/allocations — lists the allocations of a job.
 *
 * Allocation stubs: `ID`, `NodeID`, `TaskGroup`, `JobVersion`, `DesiredStatus` and `ClientStatus`
 * (`pending` until the node starts it, then `running`, ...), and the task states.
 *
 * Options: `all` (allocations of an earlier job registered under the same id too).
 *
 * @example
 * ```ts
 * import { listJobAllocations } from '@infra-sdk/scheduler-client';
 *
 * const allocations = await listJobAllocations(core, 'web');
 * console.log(allocations.map((alloc) => `${alloc.TaskGroup} ${alloc.ClientStatus}`)); // [ 'web pending' ]
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function listJobAllocations(
  core: SchedulerCore,
  jobId: string,
  options?: JobAllocationsOptions,
): ApiPromise<AllocationStub[]> {
  return blockingRead(core, options, jobAllocationsOptionKeys, () => ({
    path: path`/job/${jobId}/allocations`,
    query: { ...namespaceQuery(core, options), all: options?.all },
    schema: AllocationStubListSchema,
  }));
}

/**
 * GET /v1/job/:job_id/allocations (blocking) — yields the job's allocations each time they change.
 *
 * The first snapshot is the allocations as they are; the next ones come when one is placed, starts, fails
 * or stops.
 *
 * @example
 * ```ts
 * import { watchJobAllocations } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data } of watchJobAllocations(core, 'web')) {
 *   if (data.every((alloc) => alloc.ClientStatus === 'running')) break; // once all of them run
 * }
 * ```
 * @throws {NotFoundError | RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listJobAllocations` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJobAllocations(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<JobAllocationsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, jobAllocationsOptionKeys, (call) => listJobAllocations(core, jobId, call));
}
