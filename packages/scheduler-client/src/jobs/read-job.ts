import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type Job, JobSchema } from './definition.js';

/** Options of reads of one job. */
export interface ReadJobOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** GET /v1/job/:job_id — reads one job definition. */
export function readJob(core: SchedulerCore, jobId: string, options?: ReadJobOptions): ApiPromise<Job> {
  return blockingRead(core, options, () => ({
    path: path`/job/${jobId}`,
    query: namespaceQuery(core, options),
    schema: JobSchema,
  }));
}

/** GET /v1/job/:job_id (blocking) — yields the job each time it changes. */
export function watchJob(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Job>, void, undefined> {
  return watchRead(options, (call) => readJob(core, jobId, call));
}
