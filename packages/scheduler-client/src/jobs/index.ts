export { createJob } from './create-job.js';
export { type DeployJobOptions, deployJob } from './deploy-job.js';
export { type DeregisterJobOptions, deregisterJob } from './deregister-job.js';
export { dispatchJob } from './dispatch-job.js';
export { MAX_DISPATCH_PAYLOAD_BYTES } from './dispatch-payload.js';
export { evaluateJob } from './evaluate-job.js';
export { forcePeriodicJob } from './force-periodic-job.js';
export { type JobsGroup, jobsGroup } from './group.js';
export { type JobAllocationsOptions, listJobAllocations, watchJobAllocations } from './job-allocations.js';
export {
  type JobDeploymentsOptions,
  listJobDeployments,
  readLatestJobDeployment,
  watchJobDeployments,
  watchLatestJobDeployment,
} from './job-deployments.js';
export { listJobEvaluations, watchJobEvaluations } from './job-evaluations.js';
export { readJobScaleStatus, scaleJob, watchJobScaleStatus } from './job-scale.js';
export { listJobServices, watchJobServices } from './job-services.js';
export { setJobStability } from './job-stability.js';
export { readJobSubmission } from './job-submission.js';
export { readJobSummary, watchJobSummary } from './job-summary.js';
export { type JobVersionsOptions, listJobVersions, watchJobVersions } from './job-versions.js';
export {
  type IterateJobsOptions,
  iterateJobs,
  type ListJobsOptions,
  listJobs,
  watchJobs,
} from './list-jobs.js';
export type { ObjectDiff } from './object-diff.js';
export { parseJob } from './parse-job.js';
export { planJob } from './plan-job.js';
export { type ReadJobOptions, readJob, watchJob } from './read-job.js';
export { revertJob } from './revert-job.js';
export type {
  Affinity,
  Artifact,
  Constraint,
  CreateJobRequest,
  DesiredUpdates,
  DiffType,
  DispatchJobRequest,
  DispatchPayload,
  EphemeralDisk,
  EvaluateJobRequest,
  FieldDiff,
  Job,
  JobChildrenSummary,
  JobDeregisterResponse,
  JobDiff,
  JobDispatchResponse,
  JobInput,
  JobPlanResponse,
  JobRegisterResponse,
  JobScaleStatus,
  JobStabilityRequest,
  JobStabilityResponse,
  JobStatus,
  JobStub,
  JobStubList,
  JobSubmission,
  JobSubmissionResponse,
  JobSummary,
  JobType,
  JobValidationResponse,
  JobVersions,
  Lifecycle,
  LogConfig,
  MigrateStrategy,
  MigrateStrategyInput,
  Network,
  ParameterizedJob,
  ParseJobRequest,
  Periodic,
  PeriodicForceResponse,
  PlanJobRequest,
  Port,
  ReschedulePolicy,
  ReschedulePolicyInput,
  Resources,
  RestartPolicy,
  RestartPolicyInput,
  RevertJobRequest,
  ScaleJobRequest,
  ScalingEvent,
  Service,
  ServiceCheck,
  ServiceCheckInput,
  ServiceInput,
  TagJobVersionRequest,
  TagJobVersionResponse,
  Task,
  TaskDiff,
  TaskGroup,
  TaskGroupDiff,
  TaskGroupInput,
  TaskGroupScaleStatus,
  TaskGroupSummary,
  TaskInput,
  Template,
  TemplateInput,
  UntagJobVersionResponse,
  UpdateJobRequest,
  UpdateStrategy,
  UpdateStrategyInput,
  ValidateJobRequest,
} from './types.generated.js';
export { updateJob } from './update-job.js';
export { validateJob } from './validate-job.js';
export { tagJobVersion, untagJobVersion } from './version-tags.js';
