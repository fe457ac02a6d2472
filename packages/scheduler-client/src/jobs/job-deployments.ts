import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import * as v from 'valibot';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type Deployment, DeploymentListSchema, DeploymentSchema } from '../deployments/schemas.js';
import type { ReadJobOptions } from './read-job.js';

/** Options of `listJobDeployments`. */
export interface JobDeploymentsOptions extends ReadJobOptions {
  /** Include deployments of an earlier job registered under the same id. */
  readonly all?: boolean | undefined;
}

const LatestDeployment = v.nullable(DeploymentSchema);

/** GET /v1/job/:job_id/deployments — lists the deployments of a job. */
export function listJobDeployments(
  core: SchedulerCore,
  jobId: string,
  options?: JobDeploymentsOptions,
): ApiPromise<Deployment[]> {
  return blockingRead(core, options, () => ({
    path: path`/job/${jobId}/deployments`,
    query: { ...namespaceQuery(core, options), all: options?.all },
    schema: DeploymentListSchema,
  }));
}

/** GET /v1/job/:job_id/deployments (blocking) — yields the job's deployments each time they change. */
export function watchJobDeployments(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<JobDeploymentsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Deployment[]>, void, undefined> {
  return watchRead(options, (call) => listJobDeployments(core, jobId, call));
}

/** GET /v1/job/:job_id/deployment — reads the most recent deployment of a job (null when there is none). */
export function readLatestJobDeployment(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<Deployment | null> {
  return blockingRead(core, options, () => ({
    path: path`/job/${jobId}/deployment`,
    query: namespaceQuery(core, options),
    // An empty body and `null` both mean the job has no deployment.
    unwrap: (body, meta) => ({ data: body ?? null, meta }),
    schema: LatestDeployment,
  }));
}

/** GET /v1/job/:job_id/deployment (blocking) — yields the latest deployment each time it changes. */
export function watchLatestJobDeployment(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Deployment | null>, void, undefined> {
  return watchRead(options, (call) => readLatestJobDeployment(core, jobId, call));
}
