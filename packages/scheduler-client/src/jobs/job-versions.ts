import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import type { ReadJobOptions } from './read-job.js';
import { type JobVersions, JobVersionsSchema } from './schemas.js';

/** Options of `listJobVersions`. */
export interface JobVersionsOptions extends ReadJobOptions {
  /** Fill `Diffs` with the change from each version to the one before. */
  readonly diffs?: boolean | undefined;
}

/**
 * GET /v1/job/:job_id/versions — lists every version of a job, newest first.
 *
 * `Versions` holds each registered version (`Version`, `Stable`, `SubmitTime`), newest first; with
 * `diffs`, `Diffs` holds the change from each version to the one before it.
 *
 * Options: `diffs`, `namespace`, `region`; `index` and `wait` make it a blocking read that answers once
 * what it returns changed past `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any
 * server answer.
 *
 * @example
 * ```ts
 * import { createJob, listJobVersions } from '@infra-sdk/scheduler-client';
 *
 * const Job = { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] };
 * await createJob(core, { Job });
 * await createJob(core, { Job: { ...Job, Meta: { release: '2' } } });
 * const { Versions, Diffs } = await listJobVersions(core, 'web', { diffs: true });
 * console.log(Versions.map((version) => version.Version), Diffs?.[0]?.Type); // [ 1, 0 ] Edited
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
 *   `consistency` is invalid.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
 */
export function listJobVersions(
  core: SchedulerCore,
  jobId: string,
  options?: JobVersionsOptions,
): ApiPromise<JobVersions> {
  return blockingRead(core, options, () => ({
    path: path`/job/${jobId}/versions`,
    query: { ...namespaceQuery(core, options), diffs: options?.diffs },
    schema: JobVersionsSchema,
  }));
}

/**
 * GET /v1/job/:job_id/versions (blocking) — yields the versions each time they change.
 *
 * The first snapshot is the versions as they are; the next ones come when a version is registered or a
 * version's stability changes.
 *
 * Options: `diffs`, `namespace`, `region`; `index` to start after (0, the default, yields the current
 * state first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal`
 * ends the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
 * failed requests.
 *
 * @example
 * ```ts
 * import { createJob, watchJobVersions } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data, meta } of watchJobVersions(core, 'web')) {
 *   console.log(data.Versions.length, meta.index);
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
export function watchJobVersions(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<JobVersionsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobVersions>, void, undefined> {
  return watchRead(options, (call) => listJobVersions(core, jobId, call));
}
