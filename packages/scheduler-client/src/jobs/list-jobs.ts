import type {
  ApiPromise,
  ApiResult,
  KeySets,
  OwnOptionKeys,
  Paginator,
  WatchCallOptions,
} from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingOptionKeys,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import {
  type IterateOptions,
  iteratePages,
  type PagingOptions,
  pagingOptionKeys,
  pagingQuery,
} from '../paging.js';
import { JobStubListSchema } from './schemas.js';
import type { JobStub } from './types.generated.js';

/** Options of `listJobs`. */
export interface ListJobsOptions extends NamespaceOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only jobs whose id starts with this. */
  readonly prefix?: string | undefined;
  /** Include each job's `Meta` in its stub. */
  readonly meta?: boolean | undefined;
  /** Last id first instead of first id first. */
  readonly reverse?: boolean | undefined;
}

/** Options of `iterateJobs`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateJobsOptions = IterateOptions<ListJobsOptions>;

/** The keys of `IterateJobsOptions`. */
export const iterateJobsOptionKeys: KeySets = [
  namespaceOptionKeys,
  pagingOptionKeys,
  { prefix: 1, meta: 1, reverse: 1 } as const satisfies OwnOptionKeys<
    ListJobsOptions,
    NamespaceOptions & SchedulerBlockingOptions & PagingOptions
  >,
];

/** The keys of `ListJobsOptions`. */
export const listJobsOptionKeys: KeySets = [iterateJobsOptionKeys, schedulerBlockingOptionKeys];

/**
 * GET /v1/jobs — lists jobs (namespace `*`: all the token may see; one page when `per_page` is set).
 *
 * Each stub has a job's `ID`, `Name`, `Type`, `Priority`, `Status` and `JobModifyIndex`, and its
 * `JobSummary` (allocation counts by task group).
 *
 * @example
 * ```ts
 * import { listJobs } from '@infra-sdk/scheduler-client';
 *
 * const jobs = await listJobs(core, { prefix: 'we' });
 * console.log(jobs.map((job) => job.ID)); // [ 'web' ]
 * ```
 * @throws {RequestValidationError} before sending, when `per_page` is not a whole number 0 or more.
 * @throws {PermissionDeniedError} when the token may not list jobs in the namespace (`list-jobs`); with
 *   `*`, the jobs of namespaces it may not list are left out instead.
 */
export function listJobs(core: SchedulerCore, options?: ListJobsOptions): ApiPromise<JobStub[]> {
  return blockingRead(core, options, listJobsOptionKeys, () => ({
    path: '/jobs',
    query: {
      ...namespaceQuery(core, options),
      prefix: options?.prefix,
      ...pagingQuery(options, 'job listing'),
      meta: options?.meta,
      reverse: options?.reverse,
    },
    schema: JobStubListSchema,
  }));
}

/**
 * GET /v1/jobs (paged) — every job, page by page (core's `Paginator`: `.pages()`, `.toArray()`), following
 * `X-Scheduler-NextToken`.
 *
 * @example
 * ```ts
 * import { iterateJobs } from '@infra-sdk/scheduler-client';
 *
 * for await (const job of iterateJobs(core, { per_page: 20, filter: 'Type == "service"' })) {
 *   console.log(job.ID, job.Status);
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as `listJobs` throws them.
 * @throws {AbortError} from the iteration, when `signal` aborts.
 */
export function iterateJobs(core: SchedulerCore, options?: IterateJobsOptions): Paginator<JobStub> {
  return iteratePages((call: ListJobsOptions) => listJobs(core, call), options, iterateJobsOptionKeys);
}

/**
 * GET /v1/jobs (blocking) — yields the job list each time it changes.
 *
 * The first snapshot is the current list; the next ones come when a job is registered, changes or stops,
 * or when its allocations start, fail or stop (the stubs carry each job's summary).
 *
 * @example
 * ```ts
 * import { watchJobs } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchJobs(core, { prefix: 'web' })) {
 *   console.log(data.length, meta.index);
 *   break; // or go on: one snapshot per change, until `signal` aborts
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as `listJobs` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJobs(
  core: SchedulerCore,
  options?: WatchCallOptions<ListJobsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobStub[]>, void, undefined> {
  return watchRead(options, listJobsOptionKeys, (call) => listJobs(core, call));
}
