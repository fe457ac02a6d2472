export { createJob } from './create-job.js';
export {
  Affinity,
  type AffinitySchema,
  Constraint,
  type ConstraintSchema,
  Job,
  JobInput,
  type JobInputSchema,
  type JobSchema,
  JobStatus,
  JobType,
  Network,
  type NetworkSchema,
  Port,
  type PortSchema,
  Resources,
  type ResourcesSchema,
  Task,
  TaskGroup,
  type TaskGroupSchema,
  type TaskSchema,
} from './definition.js';
export { type DeregisterJobOptions, deregisterJob } from './deregister-job.js';
export {
  DiffType,
  FieldDiff,
  type FieldDiffSchema,
  JobDiff,
  type JobDiffSchema,
  ObjectDiff,
  TaskDiff,
  type TaskDiffSchema,
  TaskGroupDiff,
  type TaskGroupDiffSchema,
} from './diff.js';
export { dispatchJob } from './dispatch-job.js';
export { evaluateJob } from './evaluate-job.js';
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
export { setJobStability } from './job-stability.js';
export { readJobSummary, watchJobSummary } from './job-summary.js';
export { type JobVersionsOptions, listJobVersions, watchJobVersions } from './job-versions.js';
export { type ListJobsOptions, listJobs, watchJobs } from './list-jobs.js';
export { parseJob } from './parse-job.js';
export { planJob } from './plan-job.js';
export { type ReadJobOptions, readJob, watchJob } from './read-job.js';
export { revertJob } from './revert-job.js';
export {
  CreateJobRequest,
  DesiredUpdates,
  DispatchJobRequest,
  EvaluateJobRequest,
  JobChildrenSummary,
  JobDeregisterResponse,
  JobDispatchResponse,
  JobPlanResponse,
  JobRegisterResponse,
  JobStabilityRequest,
  JobStabilityResponse,
  JobStub,
  JobStubList,
  type JobStubSchema,
  JobSummary,
  type JobSummarySchema,
  JobVersions,
  MAX_DISPATCH_PAYLOAD_BYTES,
  ParseJobRequest,
  PlanJobRequest,
  RevertJobRequest,
  TaskGroupSummary,
  type TaskGroupSummarySchema,
  UpdateJobRequest,
} from './schemas.js';
export { updateJob } from './update-job.js';
