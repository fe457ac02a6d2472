export {
  Deployment,
  DeploymentList,
  DeploymentListSchema,
  DeploymentSchema,
  DeploymentState,
  DeploymentStateSchema,
  DeploymentStatus,
  DeploymentStatusSchema,
} from './schemas.js';
