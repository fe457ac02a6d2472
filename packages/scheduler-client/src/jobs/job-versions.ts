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

/** GET /v1/job/:job_id/versions — lists every version of a job, newest first. */
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

/** GET /v1/job/:job_id/versions (blocking) — yields the versions each time they change. */
export function watchJobVersions(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<JobVersionsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobVersions>, void, undefined> {
  return watchRead(options, (call) => listJobVersions(core, jobId, call));
}
