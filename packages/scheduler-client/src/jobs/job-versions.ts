import {
  type ApiPromise,
  type ApiResult,
  path,
  sendOperation,
  type WatchCallOptions,
  watchBlocking,
} from '@infra-sdk/core';
import { blocking, type SchedulerConsistency, schedulerBlockingLimits } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../client.js';
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
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: path`/job/${jobId}/versions`,
      query: { ...namespaceQuery(core, options), diffs: options?.diffs },
      ...blocking(options),
      schema: JobVersions,
    }),
    options,
  );
}

/** GET /v1/job/:job_id/versions (blocking) — yields the versions each time they change. */
export function watchJobVersions(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<JobVersionsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobVersions>, void, undefined> {
  return watchBlocking(options, schedulerBlockingLimits, (call) => listJobVersions(core, jobId, call));
}
