import { type ApiPromise, type ApiResult, type KeySets, path, type WatchCallOptions } from '@infra-sdk/core';
import { AllocationStubListSchema } from '../allocations/schemas.js';
import type { AllocationStub } from '../allocations/types.generated.js';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingOptionKeys,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { DeploymentSchema } from './schemas.js';
import type { Deployment } from './types.generated.js';

/** Options of reads of one deployment. */
export interface ReadDeploymentOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** The keys of `ReadDeploymentOptions`. */
export const readDeploymentOptionKeys: KeySets = [namespaceOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/deployment/:deployment_id`: reads one deployment (full UUID): its `Status` and
 * `StatusDescription`, and each group's progress in `TaskGroups`.
 *
 * @example
 * ```ts
 * import { readDeployment } from '@infra-sdk/scheduler-client';
 *
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * const current = await readDeployment(core, deployment.ID);
 * console.log(current.Status, current.StatusDescription, current.TaskGroups?.web?.HealthyAllocs);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 */
export function readDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: ReadDeploymentOptions,
): ApiPromise<Deployment> {
  return blockingRead(core, options, readDeploymentOptionKeys, () => ({
    path: path`/deployment/${fullUuid(deploymentId, 'deployment id')}`,
    query: namespaceQuery(core, options),
    schema: DeploymentSchema,
  }));
}

/**
 * `GET /v1/deployment/:deployment_id`, blocking: yields the deployment now, then each time it changes,
 * to follow a rollout to its end.
 *
 * @example
 * ```ts
 * import { watchDeployment } from '@infra-sdk/scheduler-client';
 *
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * for await (const { data } of watchDeployment(core, deployment.ID)) {
 *   console.log(data.Status, data.StatusDescription); // running ... successful
 *   if (data.Status !== 'running') break;
 * }
 * ```
 * @throws {RequestValidationError | NotFoundError | PermissionDeniedError} from the iteration, as
 *   `readDeployment` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: WatchCallOptions<ReadDeploymentOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Deployment>, void, undefined> {
  return watchRead(options, readDeploymentOptionKeys, (call) => readDeployment(core, deploymentId, call));
}

/**
 * `GET /v1/deployment/allocations/:deployment_id`: lists the allocations the deployment placed or took
 * over, each with its `DeploymentStatus` (`Healthy`, `Canary`).
 *
 * @example
 * ```ts
 * import { listDeploymentAllocations } from '@infra-sdk/scheduler-client';
 *
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * const allocations = await listDeploymentAllocations(core, deployment.ID);
 * console.log(allocations.map((alloc) => alloc.DeploymentStatus?.Healthy));
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 */
export function listDeploymentAllocations(
  core: SchedulerCore,
  deploymentId: string,
  options?: ReadDeploymentOptions,
): ApiPromise<AllocationStub[]> {
  return blockingRead(core, options, readDeploymentOptionKeys, () => ({
    path: path`/deployment/allocations/${fullUuid(deploymentId, 'deployment id')}`,
    query: namespaceQuery(core, options),
    schema: AllocationStubListSchema,
  }));
}

/**
 * `GET /v1/deployment/allocations/:deployment_id`, blocking: yields the deployment's allocations now,
 * then each time they change (placed, running, healthy).
 *
 * @example
 * ```ts
 * import { watchDeploymentAllocations } from '@infra-sdk/scheduler-client';
 *
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * for await (const { data: allocations } of watchDeploymentAllocations(core, deployment.ID)) {
 *   console.log(allocations.length);
 *   break;
 * }
 * ```
 * @throws {RequestValidationError | NotFoundError | PermissionDeniedError} from the iteration, as
 *   `listDeploymentAllocations` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchDeploymentAllocations(
  core: SchedulerCore,
  deploymentId: string,
  options?: WatchCallOptions<ReadDeploymentOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, readDeploymentOptionKeys, (call) =>
    listDeploymentAllocations(core, deploymentId, call),
  );
}
