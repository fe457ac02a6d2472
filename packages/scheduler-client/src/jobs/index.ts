export { createJob } from './create-job.js';
export {
  type Affinity,
  AffinitySchema,
  type Constraint,
  ConstraintSchema,
  type Job,
  JobSchema,
  type JobStatus,
  JobStatusSchema,
  type JobType,
  JobTypeSchema,
  type Network,
  NetworkSchema,
  type Port,
  PortSchema,
  type Resources,
  ResourcesSchema,
  type Task,
  type TaskGroup,
  TaskGroupSchema,
  TaskSchema,
} from './definition.js';
export { type DeployJobOptions, deployJob } from './deploy-job.js';
export { type DeregisterJobOptions, deregisterJob } from './deregister-job.js';
export {
  type DiffType,
  DiffTypeSchema,
  type FieldDiff,
  FieldDiffSchema,
  type JobDiff,
  JobDiffSchema,
  type ObjectDiff,
  ObjectDiffSchema,
  type TaskDiff,
  TaskDiffSchema,
  type TaskGroupDiff,
  TaskGroupDiffSchema,
} from './diff.js';
export { dispatchJob } from './dispatch-job.js';
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
export { parseJob } from './parse-job.js';
export { planJob } from './plan-job.js';
export { type ReadJobOptions, readJob, watchJob } from './read-job.js';
export { type JobInput, JobInputSchema, type TaskGroupInput, type TaskInput } from './request-definition.js';
export { revertJob } from './revert-job.js';
export {
  type CreateJobRequest,
  CreateJobRequestSchema,
  type DesiredUpdates,
  DesiredUpdatesSchema,
  type DispatchJobRequest,
  DispatchJobRequestSchema,
  type EvaluateJobRequest,
  EvaluateJobRequestSchema,
  type JobChildrenSummary,
  JobChildrenSummarySchema,
  type JobDeregisterResponse,
  JobDeregisterResponseSchema,
  type JobDispatchResponse,
  JobDispatchResponseSchema,
  type JobPlanResponse,
  JobPlanResponseSchema,
  type JobRegisterResponse,
  JobRegisterResponseSchema,
  type JobScaleStatus,
  JobScaleStatusSchema,
  type JobStabilityRequest,
  JobStabilityRequestSchema,
  type JobStabilityResponse,
  JobStabilityResponseSchema,
  type JobStub,
  type JobStubList,
  JobStubListSchema,
  JobStubSchema,
  type JobSubmission,
  type JobSubmissionResponse,
  JobSubmissionResponseSchema,
  JobSubmissionSchema,
  type JobSummary,
  JobSummarySchema,
  type JobValidationResponse,
  JobValidationResponseSchema,
  type JobVersions,
  JobVersionsSchema,
  MAX_DISPATCH_PAYLOAD_BYTES,
  type ParseJobRequest,
  ParseJobRequestSchema,
  type PeriodicForceResponse,
  PeriodicForceResponseSchema,
  type PlanJobRequest,
  PlanJobRequestSchema,
  type RevertJobRequest,
  RevertJobRequestSchema,
  type ScaleJobRequest,
  ScaleJobRequestSchema,
  type ScalingEvent,
  ScalingEventSchema,
  type TagJobVersionRequest,
  TagJobVersionRequestSchema,
  type TagJobVersionResponse,
  TagJobVersionResponseSchema,
  type TaskGroupScaleStatus,
  TaskGroupScaleStatusSchema,
  type TaskGroupSummary,
  TaskGroupSummarySchema,
  type UntagJobVersionResponse,
  UntagJobVersionResponseSchema,
  type UpdateJobRequest,
  UpdateJobRequestSchema,
  type ValidateJobRequest,
  ValidateJobRequestSchema,
} from './schemas.js';
export { updateJob } from './update-job.js';
export { validateJob } from './validate-job.js';
export { tagJobVersion, untagJobVersion } from './version-tags.js';
