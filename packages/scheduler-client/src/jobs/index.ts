export { createJob } from './create-job.js';
export {
  Affinity,
  AffinitySchema,
  Constraint,
  ConstraintSchema,
  Job,
  JobSchema,
  JobStatus,
  JobStatusSchema,
  JobType,
  JobTypeSchema,
  Network,
  NetworkSchema,
  Port,
  PortSchema,
  Resources,
  ResourcesSchema,
  Task,
  TaskGroup,
  TaskGroupSchema,
  TaskSchema,
} from './definition.js';
export { type DeregisterJobOptions, deregisterJob } from './deregister-job.js';
export {
  DiffType,
  DiffTypeSchema,
  FieldDiff,
  FieldDiffSchema,
  JobDiff,
  JobDiffSchema,
  ObjectDiff,
  ObjectDiffSchema,
  TaskDiff,
  TaskDiffSchema,
  TaskGroupDiff,
  TaskGroupDiffSchema,
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
export { JobInput, JobInputSchema } from './request-definition.js';
export { revertJob } from './revert-job.js';
export {
  CreateJobRequest,
  CreateJobRequestSchema,
  DesiredUpdates,
  DesiredUpdatesSchema,
  DispatchJobRequest,
  DispatchJobRequestSchema,
  EvaluateJobRequest,
  EvaluateJobRequestSchema,
  JobChildrenSummary,
  JobChildrenSummarySchema,
  JobDeregisterResponse,
  JobDeregisterResponseSchema,
  JobDispatchResponse,
  JobDispatchResponseSchema,
  JobPlanResponse,
  JobPlanResponseSchema,
  JobRegisterResponse,
  JobRegisterResponseSchema,
  JobStabilityRequest,
  JobStabilityRequestSchema,
  JobStabilityResponse,
  JobStabilityResponseSchema,
  JobStub,
  JobStubList,
  JobStubListSchema,
  JobStubSchema,
  JobSummary,
  JobSummarySchema,
  JobVersions,
  JobVersionsSchema,
  MAX_DISPATCH_PAYLOAD_BYTES,
  ParseJobRequest,
  ParseJobRequestSchema,
  PlanJobRequest,
  PlanJobRequestSchema,
  RevertJobRequest,
  RevertJobRequestSchema,
  TaskGroupSummary,
  TaskGroupSummarySchema,
  UpdateJobRequest,
  UpdateJobRequestSchema,
} from './schemas.js';
export { updateJob } from './update-job.js';
