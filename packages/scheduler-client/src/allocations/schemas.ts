import { openEnum } from '@infra-sdk/core';
import * as v from 'valibot';
import { AllocationMetric } from '../evaluations/schemas.js';
import { Job, Resources } from '../jobs/definition.js';
import { UnixNanosSchema } from '../unix-nanos.js';

/** Known task event types; others are accepted. */
export const TaskEventTypeSchema = openEnum([
  'Setup Failure',
  'Driver Failure',
  'Started',
  'Terminated',
  'Killing',
  'Killed',
  'Received',
  'Failed Validation',
  'Restarting',
  'Not Restarting',
  'Downloading Artifacts',
  'Failed Artifact Download',
  'Restart Signaled',
  'Signaling',
  'Sibling Task Failed',
  'Leader Task Dead',
  'Driver',
  'Task Setup',
  'Building Task Directory',
]);
/** @deprecated Use `TaskEventTypeSchema`. */
export const TaskEventType: typeof TaskEventTypeSchema = TaskEventTypeSchema;
/** Known task event types; others are accepted. */
export type TaskEventType = v.InferOutput<typeof TaskEventTypeSchema>;

/* @__NO_SIDE_EFFECTS__ */
function taskEventSchema() {
  return v.looseObject({
    Type: v.optional(TaskEventType),
    /** Unix nanoseconds. */
    Time: v.optional(UnixNanosSchema),
    FailsTask: v.optional(v.boolean()),
    RestartReason: v.optional(v.string()),
    SetupError: v.optional(v.string()),
    DriverError: v.optional(v.string()),
    ExitCode: v.optional(v.number()),
    Signal: v.optional(v.number()),
    Message: v.optional(v.string()),
    KillTimeout: v.optional(v.number()),
    KillError: v.optional(v.string()),
    KillReason: v.optional(v.string()),
    StartDelay: v.optional(v.number()),
    DownloadError: v.optional(v.string()),
    ValidationError: v.optional(v.string()),
    DiskLimit: v.optional(v.number()),
    FailedSibling: v.optional(v.string()),
    VaultError: v.optional(v.string()),
    TaskSignalReason: v.optional(v.string()),
    TaskSignal: v.optional(v.string()),
    DriverMessage: v.optional(v.string()),
    DisplayMessage: v.optional(v.string()),
    GenericSource: v.optional(v.string()),
    Details: v.nullish(v.record(v.string(), v.string())),
  });
}
/** The schema type of `TaskEvent`, named so that declarations stay small. */
export interface TaskEventSchema extends ReturnType<typeof taskEventSchema> {}
/** Something that happened to a task; the latest 10 are kept per task. */
export const TaskEventSchema: TaskEventSchema = taskEventSchema();
/** @deprecated Use `TaskEventSchema`. */
export const TaskEvent: TaskEventSchema = TaskEventSchema;

/** Known task states (`TaskStatePending`, `TaskStateRunning`, `TaskStateDead` on the wire); others are accepted. */
export const TaskStateNameSchema = openEnum(['pending', 'running', 'dead']);
/** @deprecated Use `TaskStateNameSchema`. */
export const TaskStateName: typeof TaskStateNameSchema = TaskStateNameSchema;
/** Known task states (`TaskStatePending`, `TaskStateRunning`, `TaskStateDead` on the wire); others are accepted. */
export type TaskStateName = v.InferOutput<typeof TaskStateNameSchema>;

/* @__NO_SIDE_EFFECTS__ */
function taskStateSchema() {
  return v.looseObject({
    State: v.optional(TaskStateName),
    Failed: v.optional(v.boolean()),
    /** ISO 8601 time of the last start. */
    StartedAt: v.nullish(v.string()),
    FinishedAt: v.nullish(v.string()),
    LastRestart: v.nullish(v.string()),
    Restarts: v.optional(v.number()),
    Events: v.nullish(v.array(TaskEvent)),
    TaskHandle: v.nullish(v.looseObject({})),
  });
}
/** The schema type of `TaskState`, named so that declarations stay small. */
export interface TaskStateSchema extends ReturnType<typeof taskStateSchema> {}
/** The state of one task of an allocation. */
export const TaskStateSchema: TaskStateSchema = taskStateSchema();
/** @deprecated Use `TaskStateSchema`. */
export const TaskState: TaskStateSchema = TaskStateSchema;

/** Known desired statuses; others are accepted. */
export const DesiredStatusSchema = openEnum(['run', 'stop', 'evict']);
/** @deprecated Use `DesiredStatusSchema`. */
export const DesiredStatus: typeof DesiredStatusSchema = DesiredStatusSchema;
/** Known desired statuses; others are accepted. */
export type DesiredStatus = v.InferOutput<typeof DesiredStatusSchema>;
/** Known client statuses; others are accepted. */
export const ClientStatusSchema = openEnum(['pending', 'running', 'complete', 'failed', 'lost', 'unknown']);
/** @deprecated Use `ClientStatusSchema`. */
export const ClientStatus: typeof ClientStatusSchema = ClientStatusSchema;
/** Known client statuses; others are accepted. */
export type ClientStatus = v.InferOutput<typeof ClientStatusSchema>;

/** Earlier placements of a rescheduled allocation. */
export const RescheduleTrackerSchema = v.looseObject({
  Events: v.nullish(
    v.array(
      v.looseObject({
        PrevAllocID: v.optional(v.string()),
        PrevNodeID: v.optional(v.string()),
        RescheduleTime: v.optional(UnixNanosSchema),
        // Nanoseconds; some servers write the number as a string.
        Delay: v.optional(v.union([v.number(), v.string()])),
      }),
    ),
  ),
});
/** @deprecated Use `RescheduleTrackerSchema`. */
export const RescheduleTracker: typeof RescheduleTrackerSchema = RescheduleTrackerSchema;
/** Earlier placements of a rescheduled allocation. */
export interface RescheduleTracker extends v.InferOutput<typeof RescheduleTrackerSchema> {}

/** Changes the scheduler is asked to make to an allocation. */
export const DesiredTransitionSchema = v.looseObject({
  Migrate: v.nullish(v.boolean()),
  Reschedule: v.nullish(v.boolean()),
  ForceReschedule: v.nullish(v.boolean()),
});
/** @deprecated Use `DesiredTransitionSchema`. */
export const DesiredTransition: typeof DesiredTransitionSchema = DesiredTransitionSchema;
/** Changes the scheduler is asked to make to an allocation. */
export interface DesiredTransition extends v.InferOutput<typeof DesiredTransitionSchema> {}

/** Health of an allocation within its deployment. */
export const AllocationDeploymentStatusSchema = v.looseObject({
  Healthy: v.nullish(v.boolean()),
  Canary: v.optional(v.boolean()),
  ModifyIndex: v.optional(v.number()),
  Timestamp: v.nullish(v.string()),
});
/** @deprecated Use `AllocationDeploymentStatusSchema`. */
export const AllocationDeploymentStatus: typeof AllocationDeploymentStatusSchema =
  AllocationDeploymentStatusSchema;
/** Health of an allocation within its deployment. */
export interface AllocationDeploymentStatus extends v.InferOutput<typeof AllocationDeploymentStatusSchema> {}

/* @__NO_SIDE_EFFECTS__ */
function allocationStubSchema() {
  return v.looseObject({
    ID: v.string(),
    EvalID: v.optional(v.string()),
    Name: v.optional(v.string()),
    Namespace: v.optional(v.string()),
    NodeID: v.optional(v.string()),
    NodeName: v.optional(v.string()),
    JobID: v.optional(v.string()),
    JobType: v.optional(v.string()),
    JobVersion: v.optional(v.number()),
    TaskGroup: v.optional(v.string()),
    DesiredStatus: v.optional(DesiredStatus),
    DesiredDescription: v.optional(v.string()),
    DesiredTransition: v.nullish(DesiredTransition),
    ClientStatus: v.optional(ClientStatus),
    ClientDescription: v.optional(v.string()),
    DeploymentID: v.optional(v.string()),
    DeploymentStatus: v.nullish(AllocationDeploymentStatus),
    FollowupEvalID: v.optional(v.string()),
    PreviousAllocation: v.optional(v.string()),
    NextAllocation: v.optional(v.string()),
    RescheduleTracker: v.nullish(RescheduleTracker),
    PreemptedAllocations: v.nullish(v.array(v.string())),
    PreemptedByAllocation: v.optional(v.string()),
    /** Only with `resources: true` on the list. */
    AllocatedResources: v.nullish(v.looseObject({})),
    TaskStates: v.nullish(v.record(v.string(), TaskState)),
    CreateIndex: v.optional(v.number()),
    ModifyIndex: v.optional(v.number()),
    AllocModifyIndex: v.optional(v.number()),
    /** Unix nanoseconds. */
    CreateTime: v.optional(UnixNanosSchema),
    ModifyTime: v.optional(UnixNanosSchema),
  });
}
/** The schema type of `AllocationStub`, named so that declarations stay small. */
export interface AllocationStubSchema extends ReturnType<typeof allocationStubSchema> {}
/** An allocation as lists return it. */
export const AllocationStubSchema: AllocationStubSchema = allocationStubSchema();
/** @deprecated Use `AllocationStubSchema`. */
export const AllocationStub: AllocationStubSchema = AllocationStubSchema;

/* @__NO_SIDE_EFFECTS__ */
function allocationSchema() {
  return v.looseObject({
    ...AllocationStub.entries,
    /** The job as it was when the allocation was created or last updated; may be stale. */
    Job: v.nullish(Job),
    Resources: v.nullish(Resources),
    SharedResources: v.nullish(Resources),
    TaskResources: v.nullish(v.record(v.string(), Resources)),
    Metrics: v.nullish(AllocationMetric),
  });
}
/** The schema type of `Allocation`, named so that declarations stay small. */
export interface AllocationSchema extends ReturnType<typeof allocationSchema> {}
/** A whole allocation: the stub's fields plus the job copy, resources and scheduling metrics. */
export const AllocationSchema: AllocationSchema = allocationSchema();
/** @deprecated Use `AllocationSchema`. */
export const Allocation: AllocationSchema = AllocationSchema;

/* @__NO_SIDE_EFFECTS__ */
function serviceRegistrationSchema() {
  return v.looseObject({
    ID: v.string(),
    ServiceName: v.optional(v.string()),
    Namespace: v.optional(v.string()),
    NodeID: v.optional(v.string()),
    Datacenter: v.optional(v.string()),
    JobID: v.optional(v.string()),
    AllocID: v.optional(v.string()),
    Tags: v.nullish(v.array(v.string())),
    Address: v.optional(v.string()),
    Port: v.optional(v.number()),
    CreateIndex: v.optional(v.number()),
    ModifyIndex: v.optional(v.number()),
  });
}
/** The schema type of `ServiceRegistration`, named so that declarations stay small. */
export interface ServiceRegistrationSchema extends ReturnType<typeof serviceRegistrationSchema> {}
/** A service an allocation registered. */
export const ServiceRegistrationSchema: ServiceRegistrationSchema = serviceRegistrationSchema();
/** @deprecated Use `ServiceRegistrationSchema`. */
export const ServiceRegistration: ServiceRegistrationSchema = ServiceRegistrationSchema;

/** A list of allocation stubs, as the list endpoints answer. */
export const AllocationStubListSchema = v.array(AllocationStub);
/** @deprecated Use `AllocationStubListSchema`. */
export const AllocationStubList: typeof AllocationStubListSchema = AllocationStubListSchema;
/** A list of allocation stubs, as the list endpoints answer. */
export type AllocationStubList = AllocationStub[];
/** A list of whole allocations, as the allocations of a node are answered. */
export const AllocationListSchema = v.array(Allocation);
/** @deprecated Use `AllocationListSchema`. */
export const AllocationList: typeof AllocationListSchema = AllocationListSchema;
/** A list of whole allocations, as the allocations of a node are answered. */
export type AllocationList = Allocation[];
/** The services an allocation registered. */
export const ServiceRegistrationListSchema = v.array(ServiceRegistration);
/** @deprecated Use `ServiceRegistrationListSchema`. */
export const ServiceRegistrationList: typeof ServiceRegistrationListSchema = ServiceRegistrationListSchema;
/** The services an allocation registered. */
export type ServiceRegistrationList = ServiceRegistration[];

/** Answer of a stop: the evaluation that reschedules the allocation. */
export const StopAllocationResponseSchema = v.looseObject({
  EvalID: v.string(),
  Index: v.optional(v.number()),
});
/** @deprecated Use `StopAllocationResponseSchema`. */
export const StopAllocationResponse: typeof StopAllocationResponseSchema = StopAllocationResponseSchema;

/** Answer of signal and restart: an empty object. */
export const EmptyResponseSchema = v.nullish(v.looseObject({}));
/** @deprecated Use `EmptyResponseSchema`. */
export const EmptyResponse: typeof EmptyResponseSchema = EmptyResponseSchema;
/** Answer of signal and restart: an empty object. */
export type EmptyResponse = v.InferOutput<typeof EmptyResponseSchema>;

/** Body of a signal: which signal, and optionally which task (all tasks when omitted). */
export const SignalAllocationRequestSchema = v.strictObject({
  Signal: v.optional(v.string()),
  Task: v.optional(v.string()),
});
/** @deprecated Use `SignalAllocationRequestSchema`. */
export const SignalAllocationRequest: typeof SignalAllocationRequestSchema = SignalAllocationRequestSchema;

/** Body of a restart: one task, or every task (never both). */
export const RestartAllocationRequestSchema = v.pipe(
  v.strictObject({
    TaskName: v.optional(v.string()),
    AllTasks: v.optional(v.boolean()),
  }),
  v.forward(
    v.check(
      (body) => !(body.AllTasks === true && body.TaskName !== undefined && body.TaskName !== ''),
      'AllTasks cannot be true when TaskName is set: restart one task or all of them',
    ),
    ['AllTasks'],
  ),
);
/** @deprecated Use `RestartAllocationRequestSchema`. */
export const RestartAllocationRequest: typeof RestartAllocationRequestSchema = RestartAllocationRequestSchema;

/** Something that happened to a task; the latest 10 are kept per task. */
export interface TaskEvent extends v.InferOutput<typeof TaskEventSchema> {}
/** The state of one task of an allocation. */
export interface TaskState extends v.InferOutput<typeof TaskStateSchema> {}
/** An allocation as lists return it. */
export interface AllocationStub extends v.InferOutput<typeof AllocationStubSchema> {}
/** A whole allocation: the stub's fields plus the job copy, resources and scheduling metrics. */
export interface Allocation extends v.InferOutput<typeof AllocationSchema> {}
/** A service an allocation registered. */
export interface ServiceRegistration extends v.InferOutput<typeof ServiceRegistrationSchema> {}
/** Answer of a stop: the evaluation that reschedules the allocation. */
export interface StopAllocationResponse extends v.InferOutput<typeof StopAllocationResponseSchema> {}
/** Body of a signal: which signal, and optionally which task (all tasks when omitted). */
export interface SignalAllocationRequest extends v.InferInput<typeof SignalAllocationRequestSchema> {}
/** Body of a restart: one task, or every task (never both). */
export interface RestartAllocationRequest extends v.InferInput<typeof RestartAllocationRequestSchema> {}
