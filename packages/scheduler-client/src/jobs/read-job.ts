import {
  type ApiPromise,
  type ApiResult,
  path,
  sendOperation,
  type WatchCallOptions,
  watchBlocking,
} from '@infra-sdk/core';
import {
  blocking,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingLimits,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../client.js';
import { Job } from './definition.js';

/** Options of reads of one job. */
export interface ReadJobOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** GET /v1/job/:job_id — reads one job definition. */
export function readJob(core: SchedulerCore, jobId: string, options?: ReadJobOptions): ApiPromise<Job> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: path`/job/${jobId}`,
      query: namespaceQuery(core, options),
      ...blocking(options),
      schema: Job,
    }),
    options,
  );
}

/** GET /v1/job/:job_id (blocking) — yields the job each time it changes. */
export function watchJob(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Job>, void, undefined> {
  return watchBlocking(options, schedulerBlockingLimits, (call) => readJob(core, jobId, call));
}
