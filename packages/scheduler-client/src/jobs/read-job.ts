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
 * Options: `namespace` (the client's by default), `region`; `index` and `wait` make it a blocking read
 * that answers once what it returns changed past `index` (`meta.index` of an earlier call); `consistency:
 * 'stale'` lets any server answer.
 *
 * @example
 * ```ts
 * import { createJob, readJob } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const job = await readJob(core, 'web');
 * console.log(job.Version, job.TaskGroups?.[0]?.Count); // 0 1
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
 *   `consistency` is invalid.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: `namespace`, `region`; `index` to start after (0, the default, yields the current state first),
 * `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal` ends the watch
 * quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of failed requests.
 *
 * @example
 * ```ts
 * import { createJob, watchJob } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data, meta } of watchJob(core, 'web')) {
 *   console.log(data.Version, meta.index);
 *   break; // or go on: one snapshot per change, until `signal` aborts
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
export function watchJob(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Job>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => readJob(core, jobId, call));
}
