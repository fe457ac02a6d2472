import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import {
  failDeployment,
  pauseDeployment,
  promoteDeployment,
  resumeDeployment,
  setDeploymentAllocationHealth,
  unblockDeployment,
} from './deployment-writes.js';
import { iterateDeployments, listDeployments, watchDeployments } from './list-deployments.js';
import {
  listDeploymentAllocations,
  readDeployment,
  watchDeployment,
  watchDeploymentAllocations,
} from './read-deployment.js';

const deploymentOperations = {
  /** GET /v1/deployments — lists deployments (one page with `per_page`). */
  list: listDeployments,
  /** GET /v1/deployments, every page — an AsyncIterable of deployments. */
  iterate: iterateDeployments,
  /** GET /v1/deployments, blocking — the list each time it changes. */
  watchList: watchDeployments,
  /** GET /v1/deployment/:deployment_id — reads one deployment. */
  read: readDeployment,
  /** GET /v1/deployment/:deployment_id, blocking — the deployment each time it changes. */
  watch: watchDeployment,
  /** GET /v1/deployment/allocations/:deployment_id — lists the allocations of a deployment. */
  listAllocations: listDeploymentAllocations,
  /** GET /v1/deployment/allocations/:deployment_id, blocking — the allocations each time they change. */
  watchAllocations: watchDeploymentAllocations,
  /** POST /v1/deployment/promote/:deployment_id — promotes the canaries of every group, or of some. */
  promote: promoteDeployment,
  /** POST /v1/deployment/pause/:deployment_id — pauses a deployment. */
  pause: pauseDeployment,
  /** POST /v1/deployment/pause/:deployment_id — resumes a paused deployment. */
  resume: resumeDeployment,
  /** POST /v1/deployment/fail/:deployment_id — marks a deployment failed (and reverts with `AutoRevert`). */
  fail: failDeployment,
  /** POST /v1/deployment/allocation-health/:deployment_id — marks allocations healthy or unhealthy. */
  setAllocationHealth: setDeploymentAllocationHealth,
  /** POST /v1/deployment/unblock/:deployment_id — completes a multiregion deployment waiting for its peers. */
  unblock: unblockDeployment,
};

/** The deployments group of the client; each method is the standalone operation with the core applied. */
export interface DeploymentsGroup extends BoundGroup<SchedulerCore, typeof deploymentOperations> {}

/** The deployments group of the client: `client.deployments.promote(id)`, `client.deployments.watch(id)`, ... */
export function deploymentsGroup(core: SchedulerCore): DeploymentsGroup {
  return bindOperations(core, deploymentOperations);
}
