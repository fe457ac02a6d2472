import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { type AllocationStub, AllocationStubListSchema } from '../allocations/schemas.js';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type Deployment, DeploymentSchema } from './schemas.js';

/** Options of reads of one deployment. */
export interface ReadDeploymentOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** GET /v1/deployment/:deployment_id — reads one deployment; the id must be the full UUID. */
export function readDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: ReadDeploymentOptions,
): ApiPromise<Deployment> {
  return blockingRead(core, options, () => ({
    path: path`/deployment/${fullUuid(deploymentId, 'deployment id')}`,
    query: namespaceQuery(core, options),
    schema: DeploymentSchema,
  }));
}

/** GET /v1/deployment/:deployment_id (blocking) — yields the deployment each time it changes. */
export function watchDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: WatchCallOptions<ReadDeploymentOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Deployment>, void, undefined> {
  return watchRead(options, (call) => readDeployment(core, deploymentId, call));
}

/** GET /v1/deployment/allocations/:deployment_id — lists the allocations a deployment placed or took over. */
export function listDeploymentAllocations(
  core: SchedulerCore,
  deploymentId: string,
  options?: ReadDeploymentOptions,
): ApiPromise<AllocationStub[]> {
  return blockingRead(core, options, () => ({
    path: path`/deployment/allocations/${fullUuid(deploymentId, 'deployment id')}`,
    query: namespaceQuery(core, options),
    schema: AllocationStubListSchema,
  }));
}

/** GET /v1/deployment/allocations/:deployment_id (blocking) — yields the deployment's allocations each time they change. */
export function watchDeploymentAllocations(
  core: SchedulerCore,
  deploymentId: string,
  options?: WatchCallOptions<ReadDeploymentOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, (call) => listDeploymentAllocations(core, deploymentId, call));
}
