import type { ApiPromise, ApiResult, Paginator, WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type IterateOptions, iteratePages, type PagingOptions, pagingQuery } from '../paging.js';
import { type JobStub, JobStubListSchema } from './schemas.js';

/** Options of `listJobs`. */
export interface ListJobsOptions extends NamespaceOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only jobs whose id starts with this. */
  readonly prefix?: string | undefined;
}

/** Options of `iterateJobs`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateJobsOptions = IterateOptions<ListJobsOptions>;

/** GET /v1/jobs — lists jobs (namespace `*`: all the token may see; one page when `per_page` is set). */
export function listJobs(core: SchedulerCore, options?: ListJobsOptions): ApiPromise<JobStub[]> {
  return blockingRead(core, options, () => ({
    path: '/jobs',
    query: {
      ...namespaceQuery(core, options),
      prefix: options?.prefix,
      ...pagingQuery(options, 'job listing'),
    },
    schema: JobStubListSchema,
  }));
}

/** GET /v1/jobs (paged) — every job, page by page, following `X-Scheduler-NextToken`. */
export function iterateJobs(core: SchedulerCore, options?: IterateJobsOptions): Paginator<JobStub> {
  return iteratePages((call: ListJobsOptions) => listJobs(core, call), options);
}

/** GET /v1/jobs (blocking) — yields the job list each time it changes. */
export function watchJobs(
  core: SchedulerCore,
  options?: WatchCallOptions<ListJobsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobStub[]>, void, undefined> {
  return watchRead(options, (call) => listJobs(core, call));
}
