import { type ApiPromise, type ApiResult, path } from '@infra-sdk/core';
import { type BlockingOptions, blocking, follow, type Watch } from '../blocking.js';
import type { SchedulerCore } from '../client.js';
import { type NamespaceOptions, namespaceQuery, send } from '../operation.js';
import { Job } from './definition.js';

/** Options of reads of one job. */
export interface ReadJobOptions extends NamespaceOptions, BlockingOptions {}

/** GET /v1/job/:job_id — reads one job definition. */
export function readJob(core: SchedulerCore, jobId: string, options?: ReadJobOptions): ApiPromise<Job> {
  return send(core, options, () => ({
    method: 'GET',
    path: path`/job/${jobId}`,
    query: namespaceQuery(core, options),
    ...blocking(options),
    schema: Job,
  }));
}

/** GET /v1/job/:job_id (blocking) — yields the job each time it changes. */
export function watchJob(
  core: SchedulerCore,
  jobId: string,
  options?: Watch<ReadJobOptions>,
): AsyncGenerator<ApiResult<Job>, void, undefined> {
  return follow(options, (query) => readJob(core, jobId, { ...options, ...query }));
}
