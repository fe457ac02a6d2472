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
  list: listDeployments,
  iterate: iterateDeployments,
  watchList: watchDeployments,
  read: readDeployment,
  watch: watchDeployment,
  listAllocations: listDeploymentAllocations,
  watchAllocations: watchDeploymentAllocations,
  promote: promoteDeployment,
  pause: pauseDeployment,
  resume: resumeDeployment,
  fail: failDeployment,
  setAllocationHealth: setDeploymentAllocationHealth,
  unblock: unblockDeployment,
};

/** The deployments group of the client; each method is the standalone operation with the core applied. */
export interface DeploymentsGroup extends BoundGroup<SchedulerCore, typeof deploymentOperations> {}

/** The deployments group of the client: `client.deployments.promote(id)`, `client.deployments.watch(id)`, ... */
export function deploymentsGroup(core: SchedulerCore): DeploymentsGroup {
  return bindOperations(core, deploymentOperations);
}
