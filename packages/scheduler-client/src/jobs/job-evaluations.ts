import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type Evaluation, EvaluationListSchema } from '../evaluations/schemas.js';
import type { ReadJobOptions } from './read-job.js';

/** GET /v1/job/:job_id/evaluations — lists the evaluations of a job. */
export function listJobEvaluations(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<Evaluation[]> {
  return blockingRead(core, options, () => ({
    path: path`/job/${jobId}/evaluations`,
    query: namespaceQuery(core, options),
    schema: EvaluationListSchema,
  }));
}

/** GET /v1/job/:job_id/evaluations (blocking) — yields the job's evaluations each time they change. */
export function watchJobEvaluations(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Evaluation[]>, void, undefined> {
  return watchRead(options, (call) => listJobEvaluations(core, jobId, call));
}
