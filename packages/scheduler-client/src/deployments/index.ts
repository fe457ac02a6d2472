export {
  Deployment,
  DeploymentList,
  type DeploymentSchema,
  DeploymentState,
  type DeploymentStateSchema,
  DeploymentStatus,
} from './schemas.js';
