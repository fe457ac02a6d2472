/**
 * The valibot schemas of the scheduler client: each response and request body the client checks, for
 * code that validates the service's JSON itself. The types they infer are the main entry's
 * (`Allocation` is `v.InferOutput<typeof AllocationSchema>`), which needs no valibot.
 *
 * @module @infra-sdk/scheduler-client/schemas
 */

export {
  AclTokenRoleLinkSchema,
  AclTokenSchema,
  AclTokenStubListSchema,
  AclTokenStubSchema,
  AclTokenTypeSchema,
  CreateAclTokenRequestSchema,
} from './acl/schemas.js';
export { StreamFrameSchema } from './allocations/log-frames.js';
export {
  AllocationDeploymentStatusSchema,
  AllocationListSchema,
  AllocationSchema,
  AllocationStubListSchema,
  AllocationStubSchema,
  ClientStatusSchema,
  DesiredStatusSchema,
  DesiredTransitionSchema,
  EmptyResponseSchema,
  RescheduleTrackerSchema,
  RestartAllocationRequestSchema,
  ServiceRegistrationListSchema,
  ServiceRegistrationSchema,
  SignalAllocationRequestSchema,
  StopAllocationResponseSchema,
  TaskEventSchema,
  TaskEventTypeSchema,
  TaskStateNameSchema,
  TaskStateSchema,
} from './allocations/schemas.js';
export {
  DeploymentAllocationHealthRequestSchema,
  DeploymentListSchema,
  DeploymentSchema,
  DeploymentStateSchema,
  DeploymentStatusSchema,
  DeploymentUpdateResponseSchema,
  PromoteDeploymentRequestSchema,
} from './deployments/schemas.js';
export { Nanoseconds } from './durations.js';
export {
  AllocationMetricSchema,
  EvaluationListSchema,
  EvaluationSchema,
  EvaluationStatusSchema,
} from './evaluations/schemas.js';
export {
  AclPolicyEventPayloadSchema,
  AclPolicyPayloadSchema,
  AclPolicyStreamEventSchema,
  AclTokenEventPayloadSchema,
  AclTokenPayloadSchema,
  AclTokenStreamEventSchema,
  AllocationEventPayloadSchema,
  AllocationStreamEventSchema,
  DeploymentEventPayloadSchema,
  DeploymentStreamEventSchema,
  EvaluationEventPayloadSchema,
  EvaluationStreamEventSchema,
  EventMessageSchema,
  EventTypeSchema,
  JobEventPayloadSchema,
  JobStreamEventSchema,
  NodeDrainStreamEventSchema,
  NodeEventPayloadSchema,
  NodeStreamEventSchema,
  OtherPayloadSchema,
  OtherStreamEventSchema,
  streamEventSchemas,
} from './events/schemas.js';
export {
  ExecClientFrameSchema,
  ExecOutputSchema,
  ExecRequestSchema,
  ExecServerFrameSchema,
  TerminalSizeSchema,
} from './exec/frames.js';
export {
  AffinitySchema,
  ConstraintSchema,
  JobSchema,
  JobStatusSchema,
  JobTypeSchema,
  NetworkSchema,
  PortSchema,
  ResourcesSchema,
  TaskGroupSchema,
  TaskSchema,
} from './jobs/definition.js';
export {
  DiffTypeSchema,
  FieldDiffSchema,
  JobDiffSchema,
  ObjectDiffSchema,
  TaskDiffSchema,
  TaskGroupDiffSchema,
} from './jobs/diff.js';
export { JobInputSchema } from './jobs/request-definition.js';
export {
  CreateJobRequestSchema,
  DesiredUpdatesSchema,
  DispatchJobRequestSchema,
  EvaluateJobRequestSchema,
  JobChildrenSummarySchema,
  JobDeregisterResponseSchema,
  JobDispatchResponseSchema,
  JobPlanResponseSchema,
  JobRegisterResponseSchema,
  JobScaleStatusSchema,
  JobStabilityRequestSchema,
  JobStabilityResponseSchema,
  JobStubListSchema,
  JobStubSchema,
  JobSubmissionResponseSchema,
  JobSubmissionSchema,
  JobSummarySchema,
  JobValidationResponseSchema,
  JobVersionsSchema,
  ParseJobRequestSchema,
  PeriodicForceResponseSchema,
  PlanJobRequestSchema,
  RevertJobRequestSchema,
  ScaleJobRequestSchema,
  ScalingEventSchema,
  TagJobVersionRequestSchema,
  TagJobVersionResponseSchema,
  TaskGroupScaleStatusSchema,
  TaskGroupSummarySchema,
  UntagJobVersionResponseSchema,
  UpdateJobRequestSchema,
  ValidateJobRequestSchema,
} from './jobs/schemas.js';
export {
  DrainNodeRequestSchema,
  DrainSpecSchema,
  DrainStrategySchema,
  DriverInfoSchema,
  HostVolumeSchema,
  LastDrainSchema,
  NodeEligibilityRequestSchema,
  NodeEvaluateResponseSchema,
  NodeEventSchema,
  NodeResourcesSchema,
  NodeSchema,
  NodeStatusSchema,
  NodeStubListSchema,
  NodeStubSchema,
  NodeUpdateResponseSchema,
  SchedulingEligibilitySchema,
  ServerInfoSchema,
} from './nodes/schemas.js';
export {
  FuzzyMatchSchema,
  SearchContextSchema,
  SearchFuzzyRequestSchema,
  SearchFuzzyResponseSchema,
  SearchPrefixRequestSchema,
  SearchPrefixResponseSchema,
} from './search/schemas.js';
export { UnixNanosSchema } from './unix-nanos-schema.js';
export {
  AcquireVariableLockRequestSchema,
  DeleteVariableResponseSchema,
  VariableLockIdSchema,
  VariableLockSchema,
  VariableLockSpecSchema,
  VariableMetadataListSchema,
  VariableMetadataSchema,
  VariableSchema,
  WriteVariableRequestSchema,
} from './variables/schemas.js';
