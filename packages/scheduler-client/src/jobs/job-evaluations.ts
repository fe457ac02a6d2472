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
 * @example
 * ```ts
 * import { listJobEvaluations } from '@infra-sdk/scheduler-client';
 *
 * const evaluations = await listJobEvaluations(core, 'web');
 * console.log(evaluations.map((evaluation) => evaluation.TriggeredBy)); // [ 'job-register' ]
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
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
 * @example
 * ```ts
 * import { watchJobEvaluations } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchJobEvaluations(core, 'web')) {
 *   console.log(data.length, meta.index);
 *   break; // or go on: one snapshot per change, until `signal` aborts
 * }
 * ```
 * @throws {NotFoundError | RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listJobEvaluations` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJobEvaluations(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Evaluation[]>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => listJobEvaluations(core, jobId, call));
}
