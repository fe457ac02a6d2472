// Written by scripts/schema-types.mjs; do not edit. Each written type is exactly what its schema
// infers: assignable both ways, with the same properties. The package's typecheck compiles this file;
// a failing line names a type whose schema changed: run the script again.
import type * as v from 'valibot';
import type * as aclSchemas from './acl/schemas.js';
import type * as aclTypes from './acl/types.generated.js';
import type * as allocationsLogFrames from './allocations/log-frames.js';
import type * as allocationsSchemas from './allocations/schemas.js';
import type * as allocationsTypes from './allocations/types.generated.js';
import type * as deploymentsSchemas from './deployments/schemas.js';
import type * as deploymentsTypes from './deployments/types.generated.js';
import type * as durations from './durations.js';
import type * as evaluationsSchemas from './evaluations/schemas.js';
import type * as evaluationsTypes from './evaluations/types.generated.js';
import type * as eventsSchemas from './events/schemas.js';
import type * as eventsTypes from './events/types.generated.js';
import type * as execFrames from './exec/frames.js';
import type * as execTypes from './exec/types.generated.js';
import type * as jobsDefinition from './jobs/definition.js';
import type * as jobsDiff from './jobs/diff.js';
import type * as jobsRequestDefinition from './jobs/request-definition.js';
import type * as jobsSchemas from './jobs/schemas.js';
import type * as jobsTypes from './jobs/types.generated.js';
import type * as nodesSchemas from './nodes/schemas.js';
import type * as nodesTypes from './nodes/types.generated.js';
import type * as searchSchemas from './search/schemas.js';
import type * as searchTypes from './search/types.generated.js';
import type * as variablesSchemas from './variables/schemas.js';
import type * as variablesTypes from './variables/types.generated.js';

/** The property names of `T`, without its index signature. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };

/** True when `A` and `B` are assignable to each other and have the same properties. */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [KnownKeys<A>] extends [KnownKeys<B>]
      ? [KnownKeys<B>] extends [KnownKeys<A>]
        ? true
        : false
      : false
    : false
  : false;

type Assert<T extends true> = T;

export type Checks = [
  Assert<Same<aclTypes.AclTokenType, v.InferOutput<typeof aclSchemas.AclTokenTypeSchema>>>,
  Assert<Same<aclTypes.AclTokenRoleLink, v.InferOutput<typeof aclSchemas.AclTokenRoleLinkSchema>>>,
  Assert<Same<aclTypes.AclTokenStub, v.InferOutput<typeof aclSchemas.AclTokenStubSchema>>>,
  Assert<Same<aclTypes.AclTokenStubList, v.InferOutput<typeof aclSchemas.AclTokenStubListSchema>>>,
  Assert<Same<aclTypes.AclToken, v.InferOutput<typeof aclSchemas.AclTokenSchema>>>,
  Assert<Same<aclTypes.CreateAclTokenRequest, v.InferInput<typeof aclSchemas.CreateAclTokenRequestSchema>>>,
  Assert<Same<allocationsTypes.StreamFrame, v.InferOutput<typeof allocationsLogFrames.StreamFrameSchema>>>,
  Assert<Same<allocationsTypes.TaskEventType, v.InferOutput<typeof allocationsSchemas.TaskEventTypeSchema>>>,
  Assert<Same<allocationsTypes.TaskEvent, v.InferOutput<typeof allocationsSchemas.TaskEventSchema>>>,
  Assert<Same<allocationsTypes.TaskStateName, v.InferOutput<typeof allocationsSchemas.TaskStateNameSchema>>>,
  Assert<Same<allocationsTypes.TaskState, v.InferOutput<typeof allocationsSchemas.TaskStateSchema>>>,
  Assert<Same<allocationsTypes.DesiredStatus, v.InferOutput<typeof allocationsSchemas.DesiredStatusSchema>>>,
  Assert<Same<allocationsTypes.ClientStatus, v.InferOutput<typeof allocationsSchemas.ClientStatusSchema>>>,
  Assert<
    Same<allocationsTypes.RescheduleTracker, v.InferOutput<typeof allocationsSchemas.RescheduleTrackerSchema>>
  >,
  Assert<
    Same<allocationsTypes.DesiredTransition, v.InferOutput<typeof allocationsSchemas.DesiredTransitionSchema>>
  >,
  Assert<
    Same<
      allocationsTypes.AllocationDeploymentStatus,
      v.InferOutput<typeof allocationsSchemas.AllocationDeploymentStatusSchema>
    >
  >,
  Assert<
    Same<allocationsTypes.AllocationStub, v.InferOutput<typeof allocationsSchemas.AllocationStubSchema>>
  >,
  Assert<Same<allocationsTypes.Allocation, v.InferOutput<typeof allocationsSchemas.AllocationSchema>>>,
  Assert<
    Same<
      allocationsTypes.ServiceRegistration,
      v.InferOutput<typeof allocationsSchemas.ServiceRegistrationSchema>
    >
  >,
  Assert<
    Same<
      allocationsTypes.AllocationStubList,
      v.InferOutput<typeof allocationsSchemas.AllocationStubListSchema>
    >
  >,
  Assert<
    Same<allocationsTypes.AllocationList, v.InferOutput<typeof allocationsSchemas.AllocationListSchema>>
  >,
  Assert<
    Same<
      allocationsTypes.ServiceRegistrationList,
      v.InferOutput<typeof allocationsSchemas.ServiceRegistrationListSchema>
    >
  >,
  Assert<
    Same<
      allocationsTypes.StopAllocationResponse,
      v.InferOutput<typeof allocationsSchemas.StopAllocationResponseSchema>
    >
  >,
  Assert<Same<allocationsTypes.EmptyResponse, v.InferOutput<typeof allocationsSchemas.EmptyResponseSchema>>>,
  Assert<
    Same<
      allocationsTypes.SignalAllocationRequest,
      v.InferInput<typeof allocationsSchemas.SignalAllocationRequestSchema>
    >
  >,
  Assert<
    Same<
      allocationsTypes.RestartAllocationRequest,
      v.InferInput<typeof allocationsSchemas.RestartAllocationRequestSchema>
    >
  >,
  Assert<
    Same<
      allocationsTypes.AllocationFileInfo,
      v.InferOutput<typeof allocationsSchemas.AllocationFileInfoSchema>
    >
  >,
  Assert<
    Same<
      allocationsTypes.AllocationFileInfoList,
      v.InferOutput<typeof allocationsSchemas.AllocationFileInfoListSchema>
    >
  >,
  Assert<
    Same<allocationsTypes.AllocationCheck, v.InferOutput<typeof allocationsSchemas.AllocationCheckSchema>>
  >,
  Assert<
    Same<allocationsTypes.AllocationChecks, v.InferOutput<typeof allocationsSchemas.AllocationChecksSchema>>
  >,
  Assert<Same<allocationsTypes.CpuStats, v.InferOutput<typeof allocationsSchemas.CpuStatsSchema>>>,
  Assert<Same<allocationsTypes.MemoryStats, v.InferOutput<typeof allocationsSchemas.MemoryStatsSchema>>>,
  Assert<Same<allocationsTypes.ResourceUsage, v.InferOutput<typeof allocationsSchemas.ResourceUsageSchema>>>,
  Assert<
    Same<allocationsTypes.TaskResourceUsage, v.InferOutput<typeof allocationsSchemas.TaskResourceUsageSchema>>
  >,
  Assert<
    Same<
      allocationsTypes.AllocationResourceUsage,
      v.InferOutput<typeof allocationsSchemas.AllocationResourceUsageSchema>
    >
  >,
  Assert<
    Same<deploymentsTypes.DeploymentStatus, v.InferOutput<typeof deploymentsSchemas.DeploymentStatusSchema>>
  >,
  Assert<
    Same<deploymentsTypes.DeploymentState, v.InferOutput<typeof deploymentsSchemas.DeploymentStateSchema>>
  >,
  Assert<Same<deploymentsTypes.Deployment, v.InferOutput<typeof deploymentsSchemas.DeploymentSchema>>>,
  Assert<
    Same<deploymentsTypes.DeploymentList, v.InferOutput<typeof deploymentsSchemas.DeploymentListSchema>>
  >,
  Assert<
    Same<
      deploymentsTypes.DeploymentUpdateResponse,
      v.InferOutput<typeof deploymentsSchemas.DeploymentUpdateResponseSchema>
    >
  >,
  Assert<
    Same<
      deploymentsTypes.PromoteDeploymentRequest,
      v.InferInput<typeof deploymentsSchemas.PromoteDeploymentRequestSchema>
    >
  >,
  Assert<
    Same<
      deploymentsTypes.DeploymentAllocationHealthRequest,
      v.InferInput<typeof deploymentsSchemas.DeploymentAllocationHealthRequestSchema>
    >
  >,
  Assert<
    Same<evaluationsTypes.AllocationMetric, v.InferOutput<typeof evaluationsSchemas.AllocationMetricSchema>>
  >,
  Assert<
    Same<evaluationsTypes.EvaluationStatus, v.InferOutput<typeof evaluationsSchemas.EvaluationStatusSchema>>
  >,
  Assert<Same<evaluationsTypes.Evaluation, v.InferOutput<typeof evaluationsSchemas.EvaluationSchema>>>,
  Assert<
    Same<evaluationsTypes.EvaluationList, v.InferOutput<typeof evaluationsSchemas.EvaluationListSchema>>
  >,
  Assert<Same<eventsTypes.EventType, v.InferOutput<typeof eventsSchemas.EventTypeSchema>>>,
  Assert<Same<eventsTypes.AclTokenPayload, v.InferOutput<typeof eventsSchemas.AclTokenPayloadSchema>>>,
  Assert<Same<eventsTypes.AclPolicyPayload, v.InferOutput<typeof eventsSchemas.AclPolicyPayloadSchema>>>,
  Assert<
    Same<
      eventsTypes.StreamEventFields,
      v.InferOutput<v.LooseObjectSchema<typeof eventsSchemas.envelope, undefined>>
    >
  >,
  Assert<Same<eventsTypes.JobEventPayload, v.InferOutput<typeof eventsSchemas.JobEventPayloadSchema>>>,
  Assert<
    Same<eventsTypes.AllocationEventPayload, v.InferOutput<typeof eventsSchemas.AllocationEventPayloadSchema>>
  >,
  Assert<
    Same<eventsTypes.EvaluationEventPayload, v.InferOutput<typeof eventsSchemas.EvaluationEventPayloadSchema>>
  >,
  Assert<
    Same<eventsTypes.DeploymentEventPayload, v.InferOutput<typeof eventsSchemas.DeploymentEventPayloadSchema>>
  >,
  Assert<Same<eventsTypes.NodeEventPayload, v.InferOutput<typeof eventsSchemas.NodeEventPayloadSchema>>>,
  Assert<
    Same<eventsTypes.AclTokenEventPayload, v.InferOutput<typeof eventsSchemas.AclTokenEventPayloadSchema>>
  >,
  Assert<
    Same<eventsTypes.AclPolicyEventPayload, v.InferOutput<typeof eventsSchemas.AclPolicyEventPayloadSchema>>
  >,
  Assert<Same<eventsTypes.OtherPayload, v.InferOutput<typeof eventsSchemas.OtherPayloadSchema>>>,
  Assert<Same<eventsTypes.JobStreamEvent, v.InferOutput<typeof eventsSchemas.JobStreamEventSchema>>>,
  Assert<
    Same<eventsTypes.AllocationStreamEvent, v.InferOutput<typeof eventsSchemas.AllocationStreamEventSchema>>
  >,
  Assert<
    Same<eventsTypes.EvaluationStreamEvent, v.InferOutput<typeof eventsSchemas.EvaluationStreamEventSchema>>
  >,
  Assert<
    Same<eventsTypes.DeploymentStreamEvent, v.InferOutput<typeof eventsSchemas.DeploymentStreamEventSchema>>
  >,
  Assert<Same<eventsTypes.NodeStreamEvent, v.InferOutput<typeof eventsSchemas.NodeStreamEventSchema>>>,
  Assert<
    Same<eventsTypes.NodeDrainStreamEvent, v.InferOutput<typeof eventsSchemas.NodeDrainStreamEventSchema>>
  >,
  Assert<
    Same<eventsTypes.AclTokenStreamEvent, v.InferOutput<typeof eventsSchemas.AclTokenStreamEventSchema>>
  >,
  Assert<
    Same<eventsTypes.AclPolicyStreamEvent, v.InferOutput<typeof eventsSchemas.AclPolicyStreamEventSchema>>
  >,
  Assert<Same<eventsTypes.OtherStreamEvent, v.InferOutput<typeof eventsSchemas.OtherStreamEventSchema>>>,
  Assert<Same<eventsTypes.EventMessage, v.InferOutput<typeof eventsSchemas.EventMessageSchema>>>,
  Assert<Same<execTypes.ExecOutput, v.InferOutput<typeof execFrames.ExecOutputSchema>>>,
  Assert<Same<execTypes.ExecServerFrame, v.InferOutput<typeof execFrames.ExecServerFrameSchema>>>,
  Assert<Same<execTypes.ExecRequest, v.InferInput<typeof execFrames.ExecRequestSchema>>>,
  Assert<Same<execTypes.TerminalSize, v.InferInput<typeof execFrames.TerminalSizeSchema>>>,
  Assert<Same<execTypes.ExecClientFrame, v.InferOutput<typeof execFrames.ExecClientFrameSchema>>>,
  Assert<Same<jobsTypes.JobType, v.InferOutput<typeof jobsDefinition.JobTypeSchema>>>,
  Assert<Same<jobsTypes.JobStatus, v.InferOutput<typeof jobsDefinition.JobStatusSchema>>>,
  Assert<Same<jobsTypes.Constraint, v.InferOutput<typeof jobsDefinition.ConstraintSchema>>>,
  Assert<Same<jobsTypes.Affinity, v.InferOutput<typeof jobsDefinition.AffinitySchema>>>,
  Assert<Same<jobsTypes.Port, v.InferOutput<typeof jobsDefinition.PortSchema>>>,
  Assert<Same<jobsTypes.Network, v.InferOutput<typeof jobsDefinition.NetworkSchema>>>,
  Assert<Same<jobsTypes.EphemeralDisk, v.InferOutput<typeof jobsDefinition.EphemeralDiskSchema>>>,
  Assert<Same<jobsTypes.Resources, v.InferOutput<typeof jobsDefinition.ResourcesSchema>>>,
  Assert<Same<jobsTypes.Periodic, v.InferOutput<typeof jobsDefinition.PeriodicSchema>>>,
  Assert<Same<jobsTypes.ParameterizedJob, v.InferOutput<typeof jobsDefinition.ParameterizedJobSchema>>>,
  Assert<Same<jobsTypes.Artifact, v.InferOutput<typeof jobsDefinition.ArtifactSchema>>>,
  Assert<Same<jobsTypes.Lifecycle, v.InferOutput<typeof jobsDefinition.LifecycleSchema>>>,
  Assert<Same<jobsTypes.LogConfig, v.InferOutput<typeof jobsDefinition.LogConfigSchema>>>,
  Assert<Same<jobsTypes.DispatchPayload, v.InferOutput<typeof jobsDefinition.DispatchPayloadSchema>>>,
  Assert<
    Same<
      jobsTypes.RestartPolicy,
      v.InferOutput<ReturnType<typeof jobsDefinition.restartPolicy<typeof jobsDefinition.NanosecondsOut>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.RestartPolicyInput,
      v.InferInput<ReturnType<typeof jobsDefinition.restartPolicy<typeof durations.Nanoseconds>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.MigrateStrategy,
      v.InferOutput<ReturnType<typeof jobsDefinition.migrateStrategy<typeof jobsDefinition.NanosecondsOut>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.MigrateStrategyInput,
      v.InferInput<ReturnType<typeof jobsDefinition.migrateStrategy<typeof durations.Nanoseconds>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.ReschedulePolicy,
      v.InferOutput<ReturnType<typeof jobsDefinition.reschedulePolicy<typeof jobsDefinition.NanosecondsOut>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.ReschedulePolicyInput,
      v.InferInput<ReturnType<typeof jobsDefinition.reschedulePolicy<typeof durations.Nanoseconds>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.UpdateStrategy,
      v.InferOutput<ReturnType<typeof jobsDefinition.updateStrategy<typeof jobsDefinition.NanosecondsOut>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.UpdateStrategyInput,
      v.InferInput<ReturnType<typeof jobsDefinition.updateStrategy<typeof durations.Nanoseconds>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.ServiceCheck,
      v.InferOutput<ReturnType<typeof jobsDefinition.serviceCheck<typeof jobsDefinition.NanosecondsOut>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.ServiceCheckInput,
      v.InferInput<ReturnType<typeof jobsDefinition.serviceCheck<typeof durations.Nanoseconds>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.Service,
      v.InferOutput<ReturnType<typeof jobsDefinition.service<typeof jobsDefinition.NanosecondsOut>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.ServiceInput,
      v.InferInput<ReturnType<typeof jobsDefinition.service<typeof durations.Nanoseconds>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.Template,
      v.InferOutput<ReturnType<typeof jobsDefinition.template<typeof jobsDefinition.NanosecondsOut>>>
    >
  >,
  Assert<
    Same<
      jobsTypes.TemplateInput,
      v.InferInput<ReturnType<typeof jobsDefinition.template<typeof durations.Nanoseconds>>>
    >
  >,
  Assert<Same<jobsTypes.Task, v.InferOutput<typeof jobsDefinition.taskShape>>>,
  Assert<Same<jobsTypes.TaskGroup, v.InferOutput<typeof jobsDefinition.taskGroupShape>>>,
  Assert<Same<jobsTypes.Job, v.InferOutput<typeof jobsDefinition.jobShape>>>,
  Assert<Same<jobsTypes.DiffType, v.InferOutput<typeof jobsDiff.DiffTypeSchema>>>,
  Assert<Same<jobsTypes.FieldDiff, v.InferOutput<typeof jobsDiff.FieldDiffSchema>>>,
  Assert<Same<jobsTypes.TaskDiff, v.InferOutput<typeof jobsDiff.TaskDiffSchema>>>,
  Assert<Same<jobsTypes.TaskGroupDiff, v.InferOutput<typeof jobsDiff.TaskGroupDiffSchema>>>,
  Assert<Same<jobsTypes.JobDiff, v.InferOutput<typeof jobsDiff.JobDiffSchema>>>,
  Assert<Same<jobsTypes.TaskInput, v.InferInput<typeof jobsRequestDefinition.taskInputShape>>>,
  Assert<Same<jobsTypes.TaskGroupInput, v.InferInput<typeof jobsRequestDefinition.taskGroupInputShape>>>,
  Assert<Same<jobsTypes.JobInput, v.InferInput<typeof jobsRequestDefinition.jobInputShape>>>,
  Assert<Same<jobsTypes.TaskGroupSummary, v.InferOutput<typeof jobsSchemas.TaskGroupSummarySchema>>>,
  Assert<Same<jobsTypes.JobChildrenSummary, v.InferOutput<typeof jobsSchemas.JobChildrenSummarySchema>>>,
  Assert<Same<jobsTypes.JobSummary, v.InferOutput<typeof jobsSchemas.JobSummarySchema>>>,
  Assert<Same<jobsTypes.JobStub, v.InferOutput<typeof jobsSchemas.JobStubSchema>>>,
  Assert<Same<jobsTypes.JobRegisterResponse, v.InferOutput<typeof jobsSchemas.JobRegisterResponseSchema>>>,
  Assert<
    Same<jobsTypes.JobDeregisterResponse, v.InferOutput<typeof jobsSchemas.JobDeregisterResponseSchema>>
  >,
  Assert<Same<jobsTypes.JobVersions, v.InferOutput<typeof jobsSchemas.JobVersionsSchema>>>,
  Assert<Same<jobsTypes.JobDispatchResponse, v.InferOutput<typeof jobsSchemas.JobDispatchResponseSchema>>>,
  Assert<Same<jobsTypes.JobStabilityResponse, v.InferOutput<typeof jobsSchemas.JobStabilityResponseSchema>>>,
  Assert<Same<jobsTypes.DesiredUpdates, v.InferOutput<typeof jobsSchemas.DesiredUpdatesSchema>>>,
  Assert<Same<jobsTypes.JobPlanResponse, v.InferOutput<typeof jobsSchemas.JobPlanResponseSchema>>>,
  Assert<Same<jobsTypes.JobStubList, v.InferOutput<typeof jobsSchemas.JobStubListSchema>>>,
  Assert<Same<jobsTypes.JobSubmission, v.InferInput<typeof jobsSchemas.JobSubmissionSchema>>>,
  Assert<Same<jobsTypes.CreateJobRequest, v.InferInput<typeof jobsSchemas.CreateJobRequestSchema>>>,
  Assert<Same<jobsTypes.UpdateJobRequest, v.InferInput<typeof jobsSchemas.UpdateJobRequestSchema>>>,
  Assert<Same<jobsTypes.ParseJobRequest, v.InferInput<typeof jobsSchemas.ParseJobRequestSchema>>>,
  Assert<Same<jobsTypes.DispatchJobRequest, v.InferInput<typeof jobsSchemas.DispatchJobRequestSchema>>>,
  Assert<Same<jobsTypes.RevertJobRequest, v.InferInput<typeof jobsSchemas.RevertJobRequestSchema>>>,
  Assert<Same<jobsTypes.JobStabilityRequest, v.InferInput<typeof jobsSchemas.JobStabilityRequestSchema>>>,
  Assert<Same<jobsTypes.EvaluateJobRequest, v.InferInput<typeof jobsSchemas.EvaluateJobRequestSchema>>>,
  Assert<Same<jobsTypes.PlanJobRequest, v.InferInput<typeof jobsSchemas.PlanJobRequestSchema>>>,
  Assert<Same<jobsTypes.ScaleJobRequest, v.InferInput<typeof jobsSchemas.ScaleJobRequestSchema>>>,
  Assert<Same<jobsTypes.ScalingEvent, v.InferOutput<typeof jobsSchemas.ScalingEventSchema>>>,
  Assert<Same<jobsTypes.TaskGroupScaleStatus, v.InferOutput<typeof jobsSchemas.TaskGroupScaleStatusSchema>>>,
  Assert<Same<jobsTypes.JobScaleStatus, v.InferOutput<typeof jobsSchemas.JobScaleStatusSchema>>>,
  Assert<
    Same<jobsTypes.JobValidationResponse, v.InferOutput<typeof jobsSchemas.JobValidationResponseSchema>>
  >,
  Assert<Same<jobsTypes.ValidateJobRequest, v.InferInput<typeof jobsSchemas.ValidateJobRequestSchema>>>,
  Assert<
    Same<jobsTypes.PeriodicForceResponse, v.InferOutput<typeof jobsSchemas.PeriodicForceResponseSchema>>
  >,
  Assert<
    Same<jobsTypes.JobSubmissionResponse, v.InferOutput<typeof jobsSchemas.JobSubmissionResponseSchema>>
  >,
  Assert<
    Same<jobsTypes.TagJobVersionResponse, v.InferOutput<typeof jobsSchemas.TagJobVersionResponseSchema>>
  >,
  Assert<Same<jobsTypes.TagJobVersionRequest, v.InferInput<typeof jobsSchemas.TagJobVersionRequestSchema>>>,
  Assert<
    Same<jobsTypes.UntagJobVersionResponse, v.InferOutput<typeof jobsSchemas.UntagJobVersionResponseSchema>>
  >,
  Assert<
    Same<nodesTypes.SchedulingEligibility, v.InferOutput<typeof nodesSchemas.SchedulingEligibilitySchema>>
  >,
  Assert<Same<nodesTypes.NodeStatus, v.InferOutput<typeof nodesSchemas.NodeStatusSchema>>>,
  Assert<Same<nodesTypes.DriverInfo, v.InferOutput<typeof nodesSchemas.DriverInfoSchema>>>,
  Assert<Same<nodesTypes.NodeEvent, v.InferOutput<typeof nodesSchemas.NodeEventSchema>>>,
  Assert<Same<nodesTypes.DrainStrategy, v.InferOutput<typeof nodesSchemas.DrainStrategySchema>>>,
  Assert<Same<nodesTypes.HostVolume, v.InferOutput<typeof nodesSchemas.HostVolumeSchema>>>,
  Assert<Same<nodesTypes.NodeResources, v.InferOutput<typeof nodesSchemas.NodeResourcesSchema>>>,
  Assert<Same<nodesTypes.NodeStub, v.InferOutput<typeof nodesSchemas.NodeStubSchema>>>,
  Assert<Same<nodesTypes.LastDrain, v.InferOutput<typeof nodesSchemas.LastDrainSchema>>>,
  Assert<Same<nodesTypes.Node, v.InferOutput<typeof nodesSchemas.NodeSchema>>>,
  Assert<Same<nodesTypes.ServerInfo, v.InferOutput<typeof nodesSchemas.ServerInfoSchema>>>,
  Assert<
    Same<nodesTypes.NodeEvaluateResponse, v.InferOutput<typeof nodesSchemas.NodeEvaluateResponseSchema>>
  >,
  Assert<Same<nodesTypes.NodeUpdateResponse, v.InferOutput<typeof nodesSchemas.NodeUpdateResponseSchema>>>,
  Assert<Same<nodesTypes.DrainSpec, v.InferOutput<typeof nodesSchemas.DrainSpecSchema>>>,
  Assert<Same<nodesTypes.DrainNodeRequest, v.InferInput<typeof nodesSchemas.DrainNodeRequestSchema>>>,
  Assert<
    Same<nodesTypes.NodeEligibilityRequest, v.InferInput<typeof nodesSchemas.NodeEligibilityRequestSchema>>
  >,
  Assert<Same<nodesTypes.NodeStubList, v.InferOutput<typeof nodesSchemas.NodeStubListSchema>>>,
  Assert<Same<searchTypes.SearchContext, v.InferOutput<typeof searchSchemas.SearchContextSchema>>>,
  Assert<Same<searchTypes.SearchPrefixRequest, v.InferInput<typeof searchSchemas.SearchPrefixRequestSchema>>>,
  Assert<
    Same<searchTypes.SearchPrefixResponse, v.InferOutput<typeof searchSchemas.SearchPrefixResponseSchema>>
  >,
  Assert<Same<searchTypes.SearchFuzzyRequest, v.InferInput<typeof searchSchemas.SearchFuzzyRequestSchema>>>,
  Assert<Same<searchTypes.FuzzyMatch, v.InferOutput<typeof searchSchemas.FuzzyMatchSchema>>>,
  Assert<
    Same<searchTypes.SearchFuzzyResponse, v.InferOutput<typeof searchSchemas.SearchFuzzyResponseSchema>>
  >,
  Assert<Same<variablesTypes.VariableLock, v.InferOutput<typeof variablesSchemas.VariableLockSchema>>>,
  Assert<
    Same<variablesTypes.VariableMetadata, v.InferOutput<typeof variablesSchemas.VariableMetadataSchema>>
  >,
  Assert<
    Same<
      variablesTypes.VariableMetadataList,
      v.InferOutput<typeof variablesSchemas.VariableMetadataListSchema>
    >
  >,
  Assert<Same<variablesTypes.Variable, v.InferOutput<typeof variablesSchemas.VariableSchema>>>,
  Assert<Same<variablesTypes.VariableLockId, v.InferInput<typeof variablesSchemas.VariableLockIdSchema>>>,
  Assert<
    Same<
      variablesTypes.WriteVariableRequest,
      v.InferInput<typeof variablesSchemas.WriteVariableRequestSchema>
    >
  >,
  Assert<Same<variablesTypes.VariableLockSpec, v.InferInput<typeof variablesSchemas.VariableLockSpecSchema>>>,
  Assert<
    Same<
      variablesTypes.AcquireVariableLockRequest,
      v.InferInput<typeof variablesSchemas.AcquireVariableLockRequestSchema>
    >
  >,
  Assert<
    Same<
      variablesTypes.DeleteVariableResponse,
      v.InferOutput<typeof variablesSchemas.DeleteVariableResponseSchema>
    >
  >,
];
