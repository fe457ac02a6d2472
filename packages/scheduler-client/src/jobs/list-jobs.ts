import type { ApiPromise, ApiResult } from '@infra-sdk/core';
import { type BlockingOptions, blocking, follow, type Watch } from '../blocking.js';
import type { SchedulerCore } from '../client.js';
import { type NamespaceOptions, namespaceQuery, send } from '../operation.js';
import { type JobStub, JobStubList } from './schemas.js';

/** Options of `listJobs`. */
export interface ListJobsOptions extends NamespaceOptions, BlockingOptions {
  /** Only jobs whose id starts with this. */
  readonly prefix?: string;
}

/** GET /v1/jobs — lists jobs (namespace `*`: all the token may see). */
export function listJobs(core: SchedulerCore, options?: ListJobsOptions): ApiPromise<JobStub[]> {
  return send(core, options, () => ({
    method: 'GET',
    path: '/jobs',
    query: { ...namespaceQuery(core, options), prefix: options?.prefix },
    ...blocking(options),
    schema: JobStubList,
  }));
}

/** GET /v1/jobs (blocking) — yields the job list each time it changes. */
export function watchJobs(
  core: SchedulerCore,
  options?: Watch<ListJobsOptions>,
): AsyncGenerator<ApiResult<JobStub[]>, void, undefined> {
  return follow(options, (query) => listJobs(core, { ...options, ...query }));
}
