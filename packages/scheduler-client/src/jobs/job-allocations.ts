import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { type AllocationStub, AllocationStubListSchema } from '../allocations/schemas.js';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import type { ReadJobOptions } from './read-job.js';

/** Options of `listJobAllocations`. */
export interface JobAllocationsOptions extends ReadJobOptions {
  /** Include allocations of an earlier job registered under the same id. */
  readonly all?: boolean | undefined;
}

/** GET /v1/job/:job_id/allocations — lists the allocations of a job. */
export function listJobAllocations(
  core: SchedulerCore,
  jobId: string,
  options?: JobAllocationsOptions,
): ApiPromise<AllocationStub[]> {
  return blockingRead(core, options, () => ({
    path: path`/job/${jobId}/allocations`,
    query: { ...namespaceQuery(core, options), all: options?.all },
    schema: AllocationStubListSchema,
  }));
}

/** GET /v1/job/:job_id/allocations (blocking) — yields the job's allocations each time they change. */
export function watchJobAllocations(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<JobAllocationsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, (call) => listJobAllocations(core, jobId, call));
}
