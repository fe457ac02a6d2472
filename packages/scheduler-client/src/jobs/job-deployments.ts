import {
  type ApiPromise,
  type ApiResult,
  type KeySets,
  type OwnOptionKeys,
  path,
  type WatchCallOptions,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { DeploymentListSchema, DeploymentSchema } from '../deployments/schemas.js';
import type { Deployment } from '../deployments/types.generated.js';
import { type ReadJobOptions, readJobOptionKeys } from './read-job.js';

/** Options of `listJobDeployments`. */
export interface JobDeploymentsOptions extends ReadJobOptions {
  /** Include deployments of an earlier job registered under the same id. */
  readonly all?: boolean | undefined;
}

/** The keys of `JobDeploymentsOptions`. */
export const jobDeploymentsOptionKeys: KeySets = [
  readJobOptionKeys,
  { all: 1 } as const satisfies OwnOptionKeys<JobDeploymentsOptions, ReadJobOptions>,
];

const LatestDeployment = v.nullable(DeploymentSchema);

/**
 * GET /v1/job/:job_id/deployments — lists the deployments of a job.
 *
 * Newest first; one for each version of a service job the scheduler rolled out: `ID`, `JobVersion`,
 * `Status`, `StatusDescription`, and each group's counts in `TaskGroups`.
 *
 * Options: `all` (deployments of an earlier job registered under the same id too).
 *
 * @example
 * ```ts
 * import { listJobDeployments } from '@infra-sdk/scheduler-client';
 *
 * const deployments = await listJobDeployments(core, 'web');
 * console.log(deployments.map((deployment) => `${deployment.JobVersion} ${deployment.Status}`));
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function listJobDeployments(
  core: SchedulerCore,
  jobId: string,
  options?: JobDeploymentsOptions,
): ApiPromise<Deployment[]> {
  return blockingRead(core, options, jobDeploymentsOptionKeys, () => ({
    path: path`/job/${jobId}/deployments`,
    query: { ...namespaceQuery(core, options), all: options?.all },
    schema: DeploymentListSchema,
  }));
}

/**
 * GET /v1/job/:job_id/deployments (blocking) — yields the job's deployments each time they change.
 *
 * The first snapshot is the deployments as they are; the next ones come when one starts or its state
 * changes (allocations placed or healthy, a promotion, its end).
 *
 * @example
 * ```ts
 * import { watchJobDeployments } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data } of watchJobDeployments(core, 'web')) {
 *   if (data[0]?.Status === 'successful') break; // the newest one ended well
 * }
 * ```
 * @throws {NotFoundError | RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listJobDeployments` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJobDeployments(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<JobDeploymentsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Deployment[]>, void, undefined> {
  return watchRead(options, jobDeploymentsOptionKeys, (call) => listJobDeployments(core, jobId, call));
}

/**
 * GET /v1/job/:job_id/deployment — reads the most recent deployment of a job (null when there is none).
 *
 * The deployment of the newest version the scheduler rolled out: `ID`, `JobVersion`, `Status` (`running`,
 * `successful`, `failed`, ...), `StatusDescription`, each group's counts in `TaskGroups`. A job that never
 * had one (a batch job) reads as `null`.
 *
 * @example
 * ```ts
 * import { readLatestJobDeployment } from '@infra-sdk/scheduler-client';
 *
 * const deployment = await readLatestJobDeployment(core, 'web');
 * console.log(deployment?.JobVersion, deployment?.Status);
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function readLatestJobDeployment(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<Deployment | null> {
  return blockingRead(core, options, readJobOptionKeys, () => ({
    path: path`/job/${jobId}/deployment`,
    query: namespaceQuery(core, options),
    // An empty body and `null` both mean the job has no deployment.
    unwrap: (body, meta) => ({ data: body ?? null, meta }),
    schema: LatestDeployment,
  }));
}

/**
 * GET /v1/job/:job_id/deployment (blocking) — yields the latest deployment each time it changes.
 *
 * The first snapshot is the latest deployment as it is (`null` when the job has none); the next ones come
 * when it changes or a newer one starts.
 *
 * @example
 * ```ts
 * import { watchLatestJobDeployment } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data } of watchLatestJobDeployment(core, 'web')) {
 *   console.log(data?.Status, data?.StatusDescription);
 *   if (data?.Status !== 'running') break; // ended (or none)
 * }
 * ```
 * @throws {NotFoundError | RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `readLatestJobDeployment` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchLatestJobDeployment(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Deployment | null>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => readLatestJobDeployment(core, jobId, call));
}
