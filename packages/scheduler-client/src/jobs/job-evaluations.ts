import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { EvaluationListSchema } from '../evaluations/schemas.js';
import type { Evaluation } from '../evaluations/types.generated.js';
import { type ReadJobOptions, readJobOptionKeys } from './read-job.js';

/**
 * GET /v1/job/:job_id/evaluations — lists the evaluations of a job.
 *
 * Each evaluation the scheduler made of the job (for a registration, a deregistration, a node that
 * changed, `jobs.evaluate`): `ID`, `TriggeredBy`, `Status`, and what it could not place.
 *
 * Options: `namespace`, `region`; `index` and `wait` make it a blocking read that answers once what it
 * returns changed past `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any server
 * answer.
 *
 * @example
 * ```ts
 * import { createJob, listJobEvaluations } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const evaluations = await listJobEvaluations(core, 'web');
 * console.log(evaluations.map((evaluation) => evaluation.TriggeredBy)); // [ 'job-register' ]
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
 *   `consistency` is invalid.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
 */
export function listJobEvaluations(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<Evaluation[]> {
  return blockingRead(core, options, readJobOptionKeys, () => ({
    path: path`/job/${jobId}/evaluations`,
    query: namespaceQuery(core, options),
    schema: EvaluationListSchema,
  }));
}

/**
 * GET /v1/job/:job_id/evaluations (blocking) — yields the job's evaluations each time they change.
 *
 * The first snapshot is the evaluations as they are; the next ones come when one is created or its status
 * changes.
 *
 * Options: `namespace`, `region`; `index` to start after (0, the default, yields the current state first),
 * `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal` ends the watch
 * quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of failed requests.
 *
 * @example
 * ```ts
 * import { createJob, watchJobEvaluations } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data, meta } of watchJobEvaluations(core, 'web')) {
 *   console.log(data.length, meta.index);
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
export function watchJobEvaluations(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Evaluation[]>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => listJobEvaluations(core, jobId, call));
}
