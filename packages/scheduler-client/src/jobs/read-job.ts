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
import { JobSchema } from './definition.js';
import type { Job } from './types.generated.js';

/** Options of reads of one job. */
export interface ReadJobOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** The keys of `ReadJobOptions`. */
export const readJobOptionKeys: KeySets = [namespaceOptionKeys, schedulerBlockingOptionKeys];

/**
 * GET /v1/job/:job_id — reads one job definition.
 *
 * The job's current version: its task groups, `Status` (`pending`, `running`, `dead`), `Version`, `Stable`
 * and `JobModifyIndex`; durations in nanoseconds. A `Job` read is a valid `JobInput`, to change and submit
 * again.
 *
 * @example
 * ```ts
 * import { readJob } from '@infra-sdk/scheduler-client';
 *
 * const job = await readJob(core, 'web');
 * console.log(job.Version, job.TaskGroups?.[0]?.Count); // 0 1
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function readJob(core: SchedulerCore, jobId: string, options?: ReadJobOptions): ApiPromise<Job> {
  return blockingRead(core, options, readJobOptionKeys, () => ({
    path: path`/job/${jobId}`,
    query: namespaceQuery(core, options),
    schema: JobSchema,
  }));
}

/**
 * GET /v1/job/:job_id (blocking) — yields the job each time it changes.
 *
 * The first snapshot is the job as it is; the next ones come when a version is registered, the job stops,
 * or a version's stability changes.
 *
 * @example
 * ```ts
 * import { watchJob } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchJob(core, 'web')) {
 *   console.log(data.Version, meta.index);
 *   break; // or go on: one snapshot per change, until `signal` aborts
 * }
 * ```
 * @throws {NotFoundError | RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `readJob` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJob(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Job>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => readJob(core, jobId, call));
}
