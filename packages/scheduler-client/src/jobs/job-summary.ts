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
 * @example
 * ```ts
 * import { readJobSummary } from '@infra-sdk/scheduler-client';
 *
 * const { Summary } = await readJobSummary(core, 'web');
 * console.log(Summary?.web); // { Queued: 0, Starting: 1, Running: 0, ... }
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
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
 * @example
 * ```ts
 * import { watchJobSummary } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data } of watchJobSummary(core, 'web')) {
 *   if (data.Summary?.web?.Running === 1) break; // the allocation runs
 * }
 * ```
 * @throws {NotFoundError | RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `readJobSummary` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJobSummary(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobSummary>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => readJobSummary(core, jobId, call));
}
