import { type ApiPromise, type ApiResult, path } from '@infra-sdk/core';
import { blocking, follow, type Watch } from '../blocking.js';
import type { SchedulerCore } from '../client.js';
import { namespaceQuery, send } from '../operation.js';
import type { ReadJobOptions } from './read-job.js';
import { JobSummary } from './schemas.js';

/** GET /v1/job/:job_id/summary — reads the allocation counts of a job by task group. */
export function readJobSummary(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<JobSummary> {
  return send(core, options, () => ({
    method: 'GET',
    path: path`/job/${jobId}/summary`,
    query: namespaceQuery(core, options),
    ...blocking(options),
    schema: JobSummary,
  }));
}

/** GET /v1/job/:job_id/summary (blocking) — yields the summary each time it changes. */
export function watchJobSummary(
  core: SchedulerCore,
  jobId: string,
  options?: Watch<ReadJobOptions>,
): AsyncGenerator<ApiResult<JobSummary>, void, undefined> {
  return follow(options, (query) => readJobSummary(core, jobId, { ...options, ...query }));
}
