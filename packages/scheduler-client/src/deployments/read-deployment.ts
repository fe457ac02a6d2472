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
 * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
 *
 * @example
 * ```ts
 * import { readDeployment } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * }); // a service job: its first version starts a deployment
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * const current = await readDeployment(core, deployment.ID);
 * console.log(current.Status, current.StatusDescription, current.TaskGroups?.web?.HealthyAllocs);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
 *   `index`/`wait` are out of range.
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of the read, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
 * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
 *
 * @example
 * ```ts
 * import { watchDeployment } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * }); // a service job: its first version starts a deployment
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * for await (const { data } of watchDeployment(core, deployment.ID)) {
 *   console.log(data.Status, data.StatusDescription); // running ... successful
 *   if (data.Status !== 'running') break;
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
 *   options are refused.
 * @throws {NotFoundError} from the iteration, when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
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
 * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
 *
 * @example
 * ```ts
 * import { listDeploymentAllocations } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * }); // a service job: its first version starts a deployment
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * const allocations = await listDeploymentAllocations(core, deployment.ID);
 * console.log(allocations.map((alloc) => alloc.DeploymentStatus?.Healthy));
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
 *   `index`/`wait` are out of range.
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
 * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
 *
 * @example
 * ```ts
 * import { watchDeploymentAllocations } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * }); // a service job: its first version starts a deployment
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * for await (const { data: allocations } of watchDeploymentAllocations(core, deployment.ID)) {
 *   console.log(allocations.length);
 *   break;
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
 *   options are refused.
 * @throws {NotFoundError} from the iteration, when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
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
