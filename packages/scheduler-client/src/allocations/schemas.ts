import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { AllocationMetricSchema } from '../evaluations/schemas.js';
import { JobSchema, ResourcesSchema } from '../jobs/definition.js';
import { UnixNanosSchema } from '../unix-nanos-schema.js';

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

/** Something that happened to a task; the latest 10 are kept per task. */
export const TaskEventSchema = v.looseObject({
  Type: v.optional(TaskEventTypeSchema),
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

/** Known task states (`TaskStatePending`, `TaskStateRunning`, `TaskStateDead` on the wire); others are accepted. */
export const TaskStateNameSchema = openEnum(['pending', 'running', 'dead']);

/** The state of one task of an allocation. */
export const TaskStateSchema = v.looseObject({
  State: v.optional(TaskStateNameSchema),
  Failed: v.optional(v.boolean()),
  /** ISO 8601 time of the last start. */
  StartedAt: v.nullish(v.string()),
  FinishedAt: v.nullish(v.string()),
  LastRestart: v.nullish(v.string()),
  Restarts: v.optional(v.number()),
  Events: v.nullish(v.array(TaskEventSchema)),
  TaskHandle: v.nullish(v.looseObject({})),
});

/** Known desired statuses; others are accepted. */
export const DesiredStatusSchema = openEnum(['run', 'stop', 'evict']);
/** Known client statuses; others are accepted. */
export const ClientStatusSchema = openEnum(['pending', 'running', 'complete', 'failed', 'lost', 'unknown']);

/** Earlier placements of a rescheduled allocation. */
export const RescheduleTrackerSchema = v.looseObject({
  Events: v.nullish(
    v.array(
      v.looseObject({
        PrevAllocID: v.optional(v.string()),
        PrevNodeID: v.optional(v.string()),
        /** When the allocation was rescheduled, in Unix nanoseconds (every digit kept). */
        RescheduleTime: v.optional(UnixNanosSchema),
        // Nanoseconds; some servers write the number as a string.
        Delay: v.optional(v.union([v.number(), v.string()])),
      }),
    ),
  ),
});

/** Changes the scheduler is asked to make to an allocation. */
export const DesiredTransitionSchema = v.looseObject({
  Migrate: v.nullish(v.boolean()),
  Reschedule: v.nullish(v.boolean()),
  ForceReschedule: v.nullish(v.boolean()),
});

/** Health of an allocation within its deployment. */
export const AllocationDeploymentStatusSchema = v.looseObject({
  Healthy: v.nullish(v.boolean()),
  Canary: v.optional(v.boolean()),
  ModifyIndex: v.optional(v.number()),
  Timestamp: v.nullish(v.string()),
});

/** An allocation as lists return it. */
export const AllocationStubSchema = v.looseObject({
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
  DesiredStatus: v.optional(DesiredStatusSchema),
  DesiredDescription: v.optional(v.string()),
  DesiredTransition: v.nullish(DesiredTransitionSchema),
  ClientStatus: v.optional(ClientStatusSchema),
  ClientDescription: v.optional(v.string()),
  DeploymentID: v.optional(v.string()),
  DeploymentStatus: v.nullish(AllocationDeploymentStatusSchema),
  FollowupEvalID: v.optional(v.string()),
  PreviousAllocation: v.optional(v.string()),
  NextAllocation: v.optional(v.string()),
  RescheduleTracker: v.nullish(RescheduleTrackerSchema),
  PreemptedAllocations: v.nullish(v.array(v.string())),
  PreemptedByAllocation: v.optional(v.string()),
  /** Only with `resources: true` on the list. */
  AllocatedResources: v.nullish(v.looseObject({})),
  TaskStates: v.nullish(v.record(v.string(), TaskStateSchema)),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
  AllocModifyIndex: v.optional(v.number()),
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime: v.optional(UnixNanosSchema),
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime: v.optional(UnixNanosSchema),
});

/** A whole allocation: the stub's fields plus the job copy, resources and scheduling metrics. */
export const AllocationSchema = v.looseObject({
  ...AllocationStubSchema.entries,
  /** The job as it was when the allocation was created or last updated; may be stale. */
  Job: v.nullish(JobSchema),
  Resources: v.nullish(ResourcesSchema),
  SharedResources: v.nullish(ResourcesSchema),
  TaskResources: v.nullish(v.record(v.string(), ResourcesSchema)),
  Metrics: v.nullish(AllocationMetricSchema),
});

/** A service an allocation registered. */
export const ServiceRegistrationSchema = v.looseObject({
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

/** A list of allocation stubs, as the list endpoints answer. */
export const AllocationStubListSchema: v.ArraySchema<typeof AllocationStubSchema, undefined> =
  v.array(AllocationStubSchema);
/** A list of whole allocations, as the allocations of a node are answered. */
export const AllocationListSchema: v.ArraySchema<typeof AllocationSchema, undefined> =
  v.array(AllocationSchema);
/** The services an allocation registered. */
export const ServiceRegistrationListSchema: v.ArraySchema<typeof ServiceRegistrationSchema, undefined> =
  v.array(ServiceRegistrationSchema);

/** Answer of a stop: the evaluation that reschedules the allocation. */
export const StopAllocationResponseSchema = v.looseObject({
  EvalID: v.string(),
  Index: v.optional(v.number()),
});

/** Answer of signal and restart: an empty object. */
export const EmptyResponseSchema = v.nullish(v.looseObject({}));

/** Body of a signal: which signal, and optionally which task (all tasks when omitted). */
export const SignalAllocationRequestSchema = v.strictObject({
  Signal: v.optional(v.string()),
  Task: v.optional(v.string()),
});

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

/** A file or directory of an allocation's directory, as listings and stats show it. */
export const AllocationFileInfoSchema = v.looseObject({
  /** The name, without its directory. */
  Name: v.string(),
  IsDir: v.optional(v.boolean()),
  /** Bytes. */
  Size: v.optional(v.number()),
  /** The mode as `ls` writes it, e.g. `-rw-r--r--`. */
  FileMode: v.optional(v.string()),
  /** When it last changed (ISO 8601). */
  ModTime: v.optional(v.string()),
  /** The content type the node guessed, on newer versions. */
  ContentType: v.optional(v.string()),
});

/** The entries of a directory of an allocation. */
export const AllocationFileInfoListSchema = v.array(AllocationFileInfoSchema);

/** The latest result of one check of an allocation's services. */
export const AllocationCheckSchema = v.looseObject({
  /** The check's id within the allocation. */
  ID: v.optional(v.string()),
  /** The check's name. */
  Check: v.optional(v.string()),
  /** The allocation's group, as `<job>.<group>[<index>]`. */
  Group: v.optional(v.string()),
  /** The task of a task-level service. */
  Task: v.optional(v.string()),
  /** The service checked. */
  Service: v.optional(v.string()),
  /** `healthiness` (counts for deployments) or `readiness`. */
  Mode: v.optional(v.string()),
  /** `success`, `failure` or `pending`. */
  Status: v.optional(v.string()),
  /** The HTTP status an http check got. */
  StatusCode: v.optional(v.number()),
  /** What the check printed. */
  Output: v.optional(v.string()),
  /** When it ran, in Unix seconds. */
  Timestamp: v.optional(v.number()),
});

/** The latest result of each check of an allocation's services, by check id. */
export const AllocationChecksSchema = v.nullish(v.record(v.string(), AllocationCheckSchema));

/** CPU use as a task driver measured it. */
export const CpuStatsSchema = v.looseObject({
  /** Which of the fields were measured. */
  Measured: v.nullish(v.array(v.string())),
  Percent: v.optional(v.number()),
  SystemMode: v.optional(v.number()),
  UserMode: v.optional(v.number()),
  TotalTicks: v.optional(v.number()),
  ThrottledPeriods: v.optional(v.number()),
  ThrottledTime: v.optional(v.number()),
});

/** Memory use as a task driver measured it, in bytes. */
export const MemoryStatsSchema = v.looseObject({
  /** Which of the fields were measured. */
  Measured: v.nullish(v.array(v.string())),
  RSS: v.optional(v.number()),
  Cache: v.optional(v.number()),
  Swap: v.optional(v.number()),
  Usage: v.optional(v.number()),
  MaxUsage: v.optional(v.number()),
  KernelUsage: v.optional(v.number()),
  KernelMaxUsage: v.optional(v.number()),
  MappedFile: v.optional(v.number()),
});

/** Resources in use: CPU, memory and devices. */
export const ResourceUsageSchema = v.looseObject({
  CpuStats: v.nullish(CpuStatsSchema),
  MemoryStats: v.nullish(MemoryStatsSchema),
  DeviceStats: v.nullish(v.array(v.unknown())),
});

/** Resources one task uses, and when they were measured. */
export const TaskResourceUsageSchema = v.looseObject({
  ResourceUsage: v.nullish(ResourceUsageSchema),
  /** Use by process id, when the driver measures processes. */
  Pids: v.nullish(v.record(v.string(), ResourceUsageSchema)),
  /** When they were measured, in Unix nanoseconds (every digit kept). */
  Timestamp: v.optional(UnixNanosSchema),
});

/** Resources an allocation uses: the sum, and each task's. */
export const AllocationResourceUsageSchema = v.looseObject({
  ResourceUsage: v.nullish(ResourceUsageSchema),
  Tasks: v.nullish(v.record(v.string(), TaskResourceUsageSchema)),
  /** When they were measured, in Unix nanoseconds (every digit kept). */
  Timestamp: v.optional(UnixNanosSchema),
});
