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
 * Options: `prefix` (ids that start with it), `namespace` (`*`: every namespace the token may list),
 * `filter` (an expression such as `Status == "running"`), `per_page` and `next_token` (one page;
 * `meta.nextToken` leads to the next, and `iterate` follows them for you), `meta` (each stub carries the
 * job's `Meta`), `reverse` (last id first); `index` and `wait` make it a
 * blocking read that answers once what it returns changed past `index` (`meta.index` of an earlier call);
 * `consistency: 'stale'` lets any server answer.
 *
 * @example
 * ```ts
 * import { createJob, listJobs } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const jobs = await listJobs(core, { prefix: 'we' });
 * console.log(jobs.map((job) => job.ID)); // [ 'web' ]
 * ```
 * @throws {RequestValidationError} before sending, when `per_page` is not a whole number 0 or more, or
 *   `index`, `wait` or `consistency` is invalid.
 * @throws {BadRequestError} when the scheduler cannot read `filter` or `next_token`.
 * @throws {PermissionDeniedError} when the token may not list jobs in the namespace (`list-jobs`); with
 *   `*`, the jobs of namespaces it may not list are left out instead.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * GET /v1/jobs (paged) — every job, page by page, following `X-Scheduler-NextToken`.
 *
 * Nothing is sent until the iteration starts: `for await` gives the job stubs one by one, `.pages()` whole
 * pages, `.toArray()` all of them; the next page loads while you work through the current one.
 *
 * Options: `per_page` (default 100), `prefix`, `filter`, `namespace` (`*`: every namespace the token may
 * list), `next_token` (start there), `signal` (ends the iteration with an `AbortError`).
 *
 * @example
 * ```ts
 * import { createJob, iterateJobs } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const job of iterateJobs(core, { per_page: 20, filter: 'Type == "service"' })) {
 *   console.log(job.ID, job.Status);
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, before sending, when `per_page` is not a whole
 *   number 0 or more.
 * @throws {BadRequestError} from the iteration, when the scheduler cannot read `filter` or `next_token`.
 * @throws {PermissionDeniedError} from the iteration, when the token may not list jobs in the namespace
 *   (`list-jobs`).
 * @throws {ResponseValidationError} from the iteration, when the server repeats a page token
 *   (`repeated-token`).
 * @throws {TimeoutError | ConnectionError | AbortError} from the iteration, as every call can (the
 *   README's "Errors"); `AbortError` also when `signal` aborts.
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
 * Options: `prefix`, `filter`, `namespace` (`*`: every namespace the token may list); `index` to start
 * after (0, the default, yields the current state first), `wait` of each blocking request (default 5
 * minutes, at most 10), `consistency`; `signal` ends the watch quietly; `onRetry`, `maxFailures`,
 * `backoffMs` and `maxBackoffMs` govern the retries of failed requests.
 *
 * @example
 * ```ts
 * import { createJob, watchJobs } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data, meta } of watchJobs(core, { prefix: 'web' })) {
 *   console.log(data.length, meta.index);
 *   break; // or go on: one snapshot per change, until `signal` aborts
 * }
 * ```
 * @throws {RequestValidationError} from the first iteration, when `wait` or `per_page` is invalid.
 * @throws {BadRequestError} from the iteration, when the scheduler cannot read `filter`: a failure that
 *   waiting cannot mend ends the watch at once.
 * @throws {PermissionDeniedError} from the iteration, when the token may not list jobs in the namespace
 *   (`list-jobs`).
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
 *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
 */
export function watchJobs(
  core: SchedulerCore,
  options?: WatchCallOptions<ListJobsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobStub[]>, void, undefined> {
  return watchRead(options, listJobsOptionKeys, (call) => listJobs(core, call));
}
