// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { AllocationMetric } from '../evaluations/types.generated.js';
import type { Job, Resources } from '../jobs/types.generated.js';
import type { UnixNanos } from '../unix-nanos.js';

/** One frame of a log or file stream. */
export interface StreamFrame {
  [key: string]: unknown;
  /** The file the data is from, e.g. `alloc/logs/web.stdout.0`. */
  File?: string | undefined;
  /** The file's offset at the end of `Data`. */
  Offset?: number | undefined;
  /** The bytes, base64. */
  Data?: string | undefined;
  /** What happened to the file (`file deleted`, `file truncated`), on frames without data. */
  FileEvent?: string | undefined;
}

/** Known task event types; others are accepted. */
export type TaskEventType =
  | 'Setup Failure'
  | 'Driver Failure'
  | 'Started'
  | 'Terminated'
  | 'Killing'
  | 'Killed'
  | 'Received'
  | 'Failed Validation'
  | 'Restarting'
  | 'Not Restarting'
  | 'Downloading Artifacts'
  | 'Failed Artifact Download'
  | 'Restart Signaled'
  | 'Signaling'
  | 'Sibling Task Failed'
  | 'Leader Task Dead'
  | 'Driver'
  | 'Task Setup'
  | 'Building Task Directory'
  | (string & Record<never, never>);

/** Something that happened to a task; the latest 10 are kept per task. */
export interface TaskEvent {
  [key: string]: unknown;
  Type?: TaskEventType | undefined;
  /** Unix nanoseconds. */
  Time?: UnixNanos | undefined;
  FailsTask?: boolean | undefined;
  RestartReason?: string | undefined;
  SetupError?: string | undefined;
  DriverError?: string | undefined;
  ExitCode?: number | undefined;
  Signal?: number | undefined;
  Message?: string | undefined;
  KillTimeout?: number | undefined;
  KillError?: string | undefined;
  KillReason?: string | undefined;
  StartDelay?: number | undefined;
  DownloadError?: string | undefined;
  ValidationError?: string | undefined;
  DiskLimit?: number | undefined;
  FailedSibling?: string | undefined;
  VaultError?: string | undefined;
  TaskSignalReason?: string | undefined;
  TaskSignal?: string | undefined;
  DriverMessage?: string | undefined;
  DisplayMessage?: string | undefined;
  GenericSource?: string | undefined;
  Details?: Record<string, string> | null | undefined;
}

/** Known task states (`TaskStatePending`, `TaskStateRunning`, `TaskStateDead` on the wire); others are accepted. */
export type TaskStateName = 'pending' | 'running' | 'dead' | (string & Record<never, never>);

/** The state of one task of an allocation. */
export interface TaskState {
  [key: string]: unknown;
  State?: TaskStateName | undefined;
  Failed?: boolean | undefined;
  /** ISO 8601 time of the last start. */
  StartedAt?: string | null | undefined;
  FinishedAt?: string | null | undefined;
  LastRestart?: string | null | undefined;
  Restarts?: number | undefined;
  Events?: TaskEvent[] | null | undefined;
  TaskHandle?: Record<string, unknown> | null | undefined;
}

/** Known desired statuses; others are accepted. */
export type DesiredStatus = 'run' | 'stop' | 'evict' | (string & Record<never, never>);

/** Known client statuses; others are accepted. */
export type ClientStatus =
  | 'pending'
  | 'running'
  | 'complete'
  | 'failed'
  | 'lost'
  | 'unknown'
  | (string & Record<never, never>);

/** Earlier placements of a rescheduled allocation. */
export interface RescheduleTracker {
  [key: string]: unknown;
  Events?:
    | {
        [key: string]: unknown;
        PrevAllocID?: string | undefined;
        PrevNodeID?: string | undefined;
        /** When the allocation was rescheduled, in Unix nanoseconds (every digit kept). */
        RescheduleTime?: UnixNanos | undefined;
        Delay?: string | number | undefined;
      }[]
    | null
    | undefined;
}

/** Changes the scheduler is asked to make to an allocation. */
export interface DesiredTransition {
  [key: string]: unknown;
  Migrate?: boolean | null | undefined;
  Reschedule?: boolean | null | undefined;
  ForceReschedule?: boolean | null | undefined;
}

/** Health of an allocation within its deployment. */
export interface AllocationDeploymentStatus {
  [key: string]: unknown;
  Healthy?: boolean | null | undefined;
  Canary?: boolean | undefined;
  ModifyIndex?: number | undefined;
  Timestamp?: string | null | undefined;
}

/** An allocation as lists return it. */
export interface AllocationStub {
  [key: string]: unknown;
  ID: string;
  EvalID?: string | undefined;
  Name?: string | undefined;
  Namespace?: string | undefined;
  NodeID?: string | undefined;
  NodeName?: string | undefined;
  JobID?: string | undefined;
  JobType?: string | undefined;
  JobVersion?: number | undefined;
  TaskGroup?: string | undefined;
  DesiredStatus?: DesiredStatus | undefined;
  DesiredDescription?: string | undefined;
  DesiredTransition?: DesiredTransition | null | undefined;
  ClientStatus?: ClientStatus | undefined;
  ClientDescription?: string | undefined;
  DeploymentID?: string | undefined;
  DeploymentStatus?: AllocationDeploymentStatus | null | undefined;
  FollowupEvalID?: string | undefined;
  PreviousAllocation?: string | undefined;
  NextAllocation?: string | undefined;
  RescheduleTracker?: RescheduleTracker | null | undefined;
  PreemptedAllocations?: string[] | null | undefined;
  PreemptedByAllocation?: string | undefined;
  /** Only with `resources: true` on the list. */
  AllocatedResources?: Record<string, unknown> | null | undefined;
  TaskStates?: Record<string, TaskState> | null | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  AllocModifyIndex?: number | undefined;
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime?: UnixNanos | undefined;
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime?: UnixNanos | undefined;
}

/** A whole allocation: the stub's fields plus the job copy, resources and scheduling metrics. */
export interface Allocation {
  [key: string]: unknown;
  ID: string;
  EvalID?: string | undefined;
  Name?: string | undefined;
  Namespace?: string | undefined;
  NodeID?: string | undefined;
  NodeName?: string | undefined;
  JobID?: string | undefined;
  JobType?: string | undefined;
  JobVersion?: number | undefined;
  TaskGroup?: string | undefined;
  DesiredStatus?: DesiredStatus | undefined;
  DesiredDescription?: string | undefined;
  DesiredTransition?: DesiredTransition | null | undefined;
  ClientStatus?: ClientStatus | undefined;
  ClientDescription?: string | undefined;
  DeploymentID?: string | undefined;
  DeploymentStatus?: AllocationDeploymentStatus | null | undefined;
  FollowupEvalID?: string | undefined;
  PreviousAllocation?: string | undefined;
  NextAllocation?: string | undefined;
  RescheduleTracker?: RescheduleTracker | null | undefined;
  PreemptedAllocations?: string[] | null | undefined;
  PreemptedByAllocation?: string | undefined;
  /** Only with `resources: true` on the list. */
  AllocatedResources?: Record<string, unknown> | null | undefined;
  TaskStates?: Record<string, TaskState> | null | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  AllocModifyIndex?: number | undefined;
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime?: UnixNanos | undefined;
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime?: UnixNanos | undefined;
  /** The job as it was when the allocation was created or last updated; may be stale. */
  Job?: Job | null | undefined;
  Resources?: Resources | null | undefined;
  SharedResources?: Resources | null | undefined;
  TaskResources?: Record<string, Resources> | null | undefined;
  Metrics?: AllocationMetric | null | undefined;
}

/** A service an allocation registered. */
export interface ServiceRegistration {
  [key: string]: unknown;
  ID: string;
  ServiceName?: string | undefined;
  Namespace?: string | undefined;
  NodeID?: string | undefined;
  Datacenter?: string | undefined;
  JobID?: string | undefined;
  AllocID?: string | undefined;
  Tags?: string[] | null | undefined;
  Address?: string | undefined;
  Port?: number | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
}

/** A list of allocation stubs, as the list endpoints answer. */
export type AllocationStubList = AllocationStub[];

/** A list of whole allocations, as the allocations of a node are answered. */
export type AllocationList = Allocation[];

/** The services an allocation registered. */
export type ServiceRegistrationList = ServiceRegistration[];

/** Answer of a stop: the evaluation that reschedules the allocation. */
export interface StopAllocationResponse {
  [key: string]: unknown;
  EvalID: string;
  Index?: number | undefined;
}

/** Answer of signal and restart: an empty object. */
export type EmptyResponse = Record<string, unknown> | null | undefined;

/** Body of a signal: which signal, and optionally which task (all tasks when omitted). */
export interface SignalAllocationRequest {
  Signal?: string | undefined;
  Task?: string | undefined;
}

/** Body of a restart: one task, or every task (never both). */
export interface RestartAllocationRequest {
  TaskName?: string | undefined;
  AllTasks?: boolean | undefined;
}

/** A file or directory of an allocation's directory, as listings and stats show it. */
export interface AllocationFileInfo {
  [key: string]: unknown;
  /** The name, without its directory. */
  Name: string;
  IsDir?: boolean | undefined;
  /** Bytes. */
  Size?: number | undefined;
  /** The mode as `ls` writes it, e.g. `-rw-r--r--`. */
  FileMode?: string | undefined;
  /** When it last changed (ISO 8601). */
  ModTime?: string | undefined;
  /** The content type the node guessed, on newer versions. */
  ContentType?: string | undefined;
}

/** The entries of a directory of an allocation. */
export type AllocationFileInfoList = AllocationFileInfo[];

/** The latest result of one check of an allocation's services. */
export interface AllocationCheck {
  [key: string]: unknown;
  /** The check's id within the allocation. */
  ID?: string | undefined;
  /** The check's name. */
  Check?: string | undefined;
  /** The allocation's group, as `<job>.<group>[<index>]`. */
  Group?: string | undefined;
  /** The task of a task-level service. */
  Task?: string | undefined;
  /** The service checked. */
  Service?: string | undefined;
  /** `healthiness` (counts for deployments) or `readiness`. */
  Mode?: string | undefined;
  /** `success`, `failure` or `pending`. */
  Status?: string | undefined;
  /** The HTTP status an http check got. */
  StatusCode?: number | undefined;
  /** What the check printed. */
  Output?: string | undefined;
  /** When it ran, in Unix seconds. */
  Timestamp?: number | undefined;
}

/** The latest result of each check of an allocation's services, by check id. */
export type AllocationChecks = Record<string, AllocationCheck> | null | undefined;

/** CPU use as a task driver measured it. */
export interface CpuStats {
  [key: string]: unknown;
  /** Which of the fields were measured. */
  Measured?: string[] | null | undefined;
  Percent?: number | undefined;
  SystemMode?: number | undefined;
  UserMode?: number | undefined;
  TotalTicks?: number | undefined;
  ThrottledPeriods?: number | undefined;
  ThrottledTime?: number | undefined;
}

/** Memory use as a task driver measured it, in bytes. */
export interface MemoryStats {
  [key: string]: unknown;
  /** Which of the fields were measured. */
  Measured?: string[] | null | undefined;
  RSS?: number | undefined;
  Cache?: number | undefined;
  Swap?: number | undefined;
  Usage?: number | undefined;
  MaxUsage?: number | undefined;
  KernelUsage?: number | undefined;
  KernelMaxUsage?: number | undefined;
  MappedFile?: number | undefined;
}

/** Resources in use: CPU, memory and devices. */
export interface ResourceUsage {
  [key: string]: unknown;
  CpuStats?: CpuStats | null | undefined;
  MemoryStats?: MemoryStats | null | undefined;
  DeviceStats?: unknown[] | null | undefined;
}

/** Resources one task uses, and when they were measured. */
export interface TaskResourceUsage {
  [key: string]: unknown;
  ResourceUsage?: ResourceUsage | null | undefined;
  /** Use by process id, when the driver measures processes. */
  Pids?: Record<string, ResourceUsage> | null | undefined;
  /** When they were measured, in Unix nanoseconds (every digit kept). */
  Timestamp?: UnixNanos | undefined;
}

/** Resources an allocation uses: the sum, and each task's. */
export interface AllocationResourceUsage {
  [key: string]: unknown;
  ResourceUsage?: ResourceUsage | null | undefined;
  Tasks?: Record<string, TaskResourceUsage> | null | undefined;
  /** When they were measured, in Unix nanoseconds (every digit kept). */
  Timestamp?: UnixNanos | undefined;
}
