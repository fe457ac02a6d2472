export {
  DeploymentFailedError,
  type DeploymentFailure,
} from './deployment-failed-error.js';
export {
  failDeployment,
  pauseDeployment,
  promoteDeployment,
  resumeDeployment,
  setDeploymentAllocationHealth,
  unblockDeployment,
} from './deployment-writes.js';
export {
  type DeploymentsGroup,
  deploymentsGroup,
} from './group.js';
export {
  type IterateDeploymentsOptions,
  iterateDeployments,
  type ListDeploymentsOptions,
  listDeployments,
  watchDeployments,
} from './list-deployments.js';
export {
  listDeploymentAllocations,
  type ReadDeploymentOptions,
  readDeployment,
  watchDeployment,
  watchDeploymentAllocations,
} from './read-deployment.js';
export type {
  Deployment,
  DeploymentAllocationHealthRequest,
  DeploymentList,
  DeploymentState,
  DeploymentStatus,
  DeploymentUpdateResponse,
  PromoteDeploymentRequest,
} from './types.generated.js';
