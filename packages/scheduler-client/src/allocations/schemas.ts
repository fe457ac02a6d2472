import * as v from 'valibot';
import { AllocationMetric } from '../evaluations/schemas.js';
import { Job, Resources } from '../jobs/definition.js';
import { openEnum } from '../open-enum.js';
import { UnixNanosSchema } from '../unix-nanos.js';

/** Known task event types; others are accepted. */
export const TaskEventType = openEnum([
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
export const TaskEvent: TaskEventSchema = taskEventSchema();

/** Known task states (`TaskStatePending`, `TaskStateRunning`, `TaskStateDead` on the wire); others are accepted. */
export const TaskStateName = openEnum(['pending', 'running', 'dead']);

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
export const TaskState: TaskStateSchema = taskStateSchema();

/** Known desired statuses; others are accepted. */
export const DesiredStatus = openEnum(['run', 'stop', 'evict']);
/** Known client statuses; others are accepted. */
export const ClientStatus = openEnum(['pending', 'running', 'complete', 'failed', 'lost', 'unknown']);

/** Earlier placements of a rescheduled allocation. */
export const RescheduleTracker = v.looseObject({
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

/** Changes the scheduler is asked to make to an allocation. */
export const DesiredTransition = v.looseObject({
  Migrate: v.nullish(v.boolean()),
  Reschedule: v.nullish(v.boolean()),
  ForceReschedule: v.nullish(v.boolean()),
});

/** Health of an allocation within its deployment. */
export const AllocationDeploymentStatus = v.looseObject({
  Healthy: v.nullish(v.boolean()),
  Canary: v.optional(v.boolean()),
  ModifyIndex: v.optional(v.number()),
  Timestamp: v.nullish(v.string()),
});

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
export const AllocationStub: AllocationStubSchema = allocationStubSchema();

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
export const Allocation: AllocationSchema = allocationSchema();

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
export const ServiceRegistration: ServiceRegistrationSchema = serviceRegistrationSchema();

/** A list of allocation stubs, as the list endpoints answer. */
export const AllocationStubList = v.array(AllocationStub);
/** A list of whole allocations, as the allocations of a node are answered. */
export const AllocationList = v.array(Allocation);
/** The services an allocation registered. */
export const ServiceRegistrationList = v.array(ServiceRegistration);

/** Answer of a stop: the evaluation that reschedules the allocation. */
export const StopAllocationResponse = v.looseObject({
  EvalID: v.string(),
  Index: v.optional(v.number()),
});

/** Answer of signal and restart: an empty object. */
export const EmptyResponse = v.nullish(v.looseObject({}));

/** Body of a signal: which signal, and optionally which task (all tasks when omitted). */
export const SignalAllocationRequest = v.strictObject({
  Signal: v.optional(v.string()),
  Task: v.optional(v.string()),
});

/** Body of a restart: one task, or every task (never both). */
export const RestartAllocationRequest = v.pipe(
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

export interface TaskEvent extends v.InferOutput<typeof TaskEvent> {}
export interface TaskState extends v.InferOutput<typeof TaskState> {}
export interface AllocationStub extends v.InferOutput<typeof AllocationStub> {}
export interface Allocation extends v.InferOutput<typeof Allocation> {}
export interface ServiceRegistration extends v.InferOutput<typeof ServiceRegistration> {}
export interface StopAllocationResponse extends v.InferOutput<typeof StopAllocationResponse> {}
export interface SignalAllocationRequest extends v.InferInput<typeof SignalAllocationRequest> {}
export interface RestartAllocationRequest extends v.InferInput<typeof RestartAllocationRequest> {}
