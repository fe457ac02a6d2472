import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type ReadJobOptions, readJobOptionKeys } from './read-job.js';
import { JobSummarySchema } from './schemas.js';
import type { JobSummary } from './types.generated.js';

/**
 * GET /v1/job/:job_id/summary — reads the allocation counts of a job by task group.
 *
 * `Summary` counts each group's allocations by client status (`Queued`, `Starting`, `Running`, `Complete`,
 * `Failed`, `Lost`); `Children` counts the child jobs of a periodic or parameterized job.
 *
 * Options: `namespace`, `region`; `index` and `wait` make it a blocking read that answers once what it
 * returns changed past `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any server
 * answer.
 *
 * @example
 * ```ts
 * import { createJob, readJobSummary } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const { Summary } = await readJobSummary(core, 'web');
 * console.log(Summary?.web); // { Queued: 0, Starting: 1, Running: 0, ... }
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
 *   `consistency` is invalid.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
 */
export function readJobSummary(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<JobSummary> {
  return blockingRead(core, options, readJobOptionKeys, () => ({
    path: path`/job/${jobId}/summary`,
    query: namespaceQuery(core, options),
    schema: JobSummarySchema,
  }));
}

/**
 * GET /v1/job/:job_id/summary (blocking) — yields the summary each time it changes.
 *
 * The first snapshot is the summary as it is; the next ones come when an allocation of the job is placed,
 * starts, fails or stops.
 *
 * Options: `namespace`, `region`; `index` to start after (0, the default, yields the current state first),
 * `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal` ends the watch
 * quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of failed requests.
 *
 * @example
 * ```ts
 * import { createJob, watchJobSummary } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data } of watchJobSummary(core, 'web')) {
 *   if (data.Summary?.web?.Running === 1) break; // the allocation runs
 * }
 * ```
 * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
 *   ends the watch at once.
 * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
 *   (`read-job`).
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
 *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
 */
export function watchJobSummary(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobSummary>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => readJobSummary(core, jobId, call));
}
