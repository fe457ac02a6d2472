import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import type { ReadJobOptions } from './read-job.js';
import { type JobSummary, JobSummarySchema } from './schemas.js';

/** GET /v1/job/:job_id/summary — reads the allocation counts of a job by task group. */
export function readJobSummary(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<JobSummary> {
  return blockingRead(core, options, () => ({
    path: path`/job/${jobId}/summary`,
    query: namespaceQuery(core, options),
    schema: JobSummarySchema,
  }));
}

/** GET /v1/job/:job_id/summary (blocking) — yields the summary each time it changes. */
export function watchJobSummary(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobSummary>, void, undefined> {
  return watchRead(options, (call) => readJobSummary(core, jobId, call));
}
