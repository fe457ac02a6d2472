import type { ApiPromise, ApiResult, WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type JobStub, JobStubListSchema } from './schemas.js';

/** Options of `listJobs`. */
export interface ListJobsOptions extends NamespaceOptions, SchedulerBlockingOptions {
  /** Only jobs whose id starts with this. */
  readonly prefix?: string;
}

/** GET /v1/jobs — lists jobs (namespace `*`: all the token may see). */
export function listJobs(core: SchedulerCore, options?: ListJobsOptions): ApiPromise<JobStub[]> {
  return blockingRead(core, options, () => ({
    path: '/jobs',
    query: { ...namespaceQuery(core, options), prefix: options?.prefix },
    schema: JobStubListSchema,
  }));
}

/** GET /v1/jobs (blocking) — yields the job list each time it changes. */
export function watchJobs(
  core: SchedulerCore,
  options?: WatchCallOptions<ListJobsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobStub[]>, void, undefined> {
  return watchRead(options, (call) => listJobs(core, call));
}
