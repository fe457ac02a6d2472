import { type ApiPromise, type ApiResult, path } from '@infra-sdk/core';
import { blocking, follow, type Watch } from '../blocking.js';
import type { SchedulerCore } from '../client.js';
import { namespaceQuery, send } from '../operation.js';
import type { ReadJobOptions } from './read-job.js';
import { JobVersions } from './schemas.js';

/** Options of `listJobVersions`. */
export interface JobVersionsOptions extends ReadJobOptions {
  /** Fill `Diffs` with the change from each version to the one before. */
  readonly diffs?: boolean;
}

/** GET /v1/job/:job_id/versions — lists every version of a job, newest first. */
export function listJobVersions(
  core: SchedulerCore,
  jobId: string,
  options?: JobVersionsOptions,
): ApiPromise<JobVersions> {
  return send(core, options, () => ({
    method: 'GET',
    path: path`/job/${jobId}/versions`,
    query: { ...namespaceQuery(core, options), diffs: options?.diffs },
    ...blocking(options),
    schema: JobVersions,
  }));
}

/** GET /v1/job/:job_id/versions (blocking) — yields the versions each time they change. */
export function watchJobVersions(
  core: SchedulerCore,
  jobId: string,
  options?: Watch<JobVersionsOptions>,
): AsyncGenerator<ApiResult<JobVersions>, void, undefined> {
  return follow(options, (query) => listJobVersions(core, jobId, { ...options, ...query }));
}
