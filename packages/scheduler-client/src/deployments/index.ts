export {
  type Deployment,
  type DeploymentList,
  DeploymentListSchema,
  DeploymentSchema,
  type DeploymentState,
  DeploymentStateSchema,
  type DeploymentStatus,
  DeploymentStatusSchema,
} from './schemas.js';
