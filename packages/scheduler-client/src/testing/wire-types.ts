// The fake's own description of the records it keeps and answers: jobs, allocations, nodes,
// evaluations, deployments and diffs, with the field names and types the spec lists. Kept apart from the
// client's schemas on purpose: the fake shapes the wire with these, so a client schema that drifts from
// the spec (a misspelt field) is caught by the fake instead of mirrored by it. Every record keeps fields
// it does not list, as the service's loose JSON does.

import type { WireNanos } from './wire-nanos.js';

/** A placement rule: `LTarget Operand RTarget`. */
export interface Constraint {
  LTarget?: undefined | null | string;
  RTarget?: undefined | null | string;
  Operand?: undefined | null | string;
  [field: string]: unknown;
}

/** A weighted placement preference. */
export interface Affinity {
  LTarget?: undefined | null | string;
  RTarget?: undefined | null | string;
  Operand?: undefined | null | string;
  Weight?: undefined | null | number;
  [field: string]: unknown;
}

/** A port of a network: its label, host port (`Value`) and mapped port (`To`). */
export interface Port {
  Label?: undefined | null | string;
  Value?: undefined | null | number;
  To?: undefined | null | number;
  HostNetwork?: undefined | null | string;
  [field: string]: unknown;
}

/** A network of a task group or task. */
export interface Network {
  Device?: undefined | null | string;
  CIDR?: undefined | null | string;
  IP?: undefined | null | string;
  MBits?: undefined | null | number;
  Mode?: undefined | null | string;
  DNS?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  ReservedPorts?: undefined | null | Port[];
  DynamicPorts?: undefined | null | Port[];
  [field: string]: unknown;
}

/** Resources a task asks for. */
export interface Resources {
  CPU?: undefined | null | number;
  MemoryMB?: undefined | null | number;
  DiskMB?: undefined | null | number;
  IOPS?: undefined | null | number;
  Devices?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      }[];
  Networks?: undefined | null | Network[];
  [field: string]: unknown;
}

/** A task of a task group. */
export interface Task {
  Name?: undefined | null | string;
  Driver?: undefined | null | string;
  User?: undefined | null | string;
  Config?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  Env?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  Meta?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  Services?:
    | undefined
    | null
    | {
        Name?: undefined | null | string;
        PortLabel?: undefined | null | string;
        Tags?: undefined | null | string[];
        Checks?:
          | undefined
          | null
          | {
              Name?: undefined | null | string;
              Type?: undefined | null | string;
              Command?: undefined | null | string;
              Args?: undefined | null | string[];
              Path?: undefined | null | string;
              Protocol?: undefined | null | string;
              PortLabel?: undefined | null | string;
              Interval?: undefined | null | number;
              Timeout?: undefined | null | number;
              InitialStatus?: undefined | null | string;
              [field: string]: unknown;
            }[];
        [field: string]: unknown;
      }[];
  Templates?:
    | undefined
    | null
    | {
        SourcePath?: undefined | null | string;
        DestPath?: undefined | null | string;
        EmbeddedTmpl?: undefined | null | string;
        ChangeMode?: undefined | null | string;
        ChangeSignal?: undefined | null | string;
        Splay?: undefined | null | number;
        Perms?: undefined | null | string;
        [field: string]: unknown;
      }[];
  Resources?: undefined | null | Resources;
  DispatchPayload?:
    | undefined
    | null
    | {
        File?: undefined | null | string;
        [field: string]: unknown;
      };
  KillTimeout?: undefined | null | number;
  KillSignal?: undefined | null | string;
  ShutdownDelay?: undefined | null | number;
  LogConfig?:
    | undefined
    | null
    | {
        MaxFiles?: undefined | null | number;
        MaxFileSizeMB?: undefined | null | number;
        [field: string]: unknown;
      };
  Artifacts?:
    | undefined
    | null
    | {
        GetterSource?: undefined | null | string;
        GetterOptions?:
          | undefined
          | null
          | {
              [field: string]: string;
            };
        RelativeDest?: undefined | null | string;
        [field: string]: unknown;
      }[];
  Leader?: boolean | undefined | null;
  Lifecycle?:
    | undefined
    | null
    | {
        Hook?: undefined | null | (string & {}) | 'prestart' | 'poststart' | 'poststop';
        Sidecar?: boolean | undefined | null;
        [field: string]: unknown;
      };
  Constraints?: undefined | null | Constraint[];
  Affinities?: undefined | null | Affinity[];
  RestartPolicy?:
    | undefined
    | null
    | {
        Attempts?: undefined | null | number;
        Interval?: undefined | null | number;
        Delay?: undefined | null | number;
        Mode?: undefined | null | string;
        [field: string]: unknown;
      };
  Kind?: undefined | null | string;
  VolumeMounts?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      }[];
  [field: string]: unknown;
}

/** A task group of a job. */
export interface TaskGroup {
  Name?: undefined | null | string;
  Count?: undefined | null | number;
  Constraints?: undefined | null | Constraint[];
  Affinities?: undefined | null | Affinity[];
  Spreads?: unknown;
  RestartPolicy?:
    | undefined
    | null
    | {
        Attempts?: undefined | null | number;
        Interval?: undefined | null | number;
        Delay?: undefined | null | number;
        Mode?: undefined | null | string;
        [field: string]: unknown;
      };
  Migrate?:
    | undefined
    | null
    | {
        HealthCheck?: undefined | null | string;
        HealthyDeadline?: undefined | null | number;
        MaxParallel?: undefined | null | number;
        MinHealthyTime?: undefined | null | number;
        [field: string]: unknown;
      };
  ReschedulePolicy?:
    | undefined
    | null
    | {
        Attempts?: undefined | null | number;
        Delay?: undefined | null | number;
        DelayFunction?: undefined | null | string;
        Interval?: undefined | null | number;
        MaxDelay?: undefined | null | number;
        Unlimited?: boolean | undefined | null;
        [field: string]: unknown;
      };
  EphemeralDisk?:
    | undefined
    | null
    | {
        Sticky?: boolean | undefined | null;
        SizeMB?: undefined | null | number;
        Migrate?: boolean | undefined | null;
        [field: string]: unknown;
      };
  Networks?: undefined | null | Network[];
  Services?:
    | undefined
    | null
    | {
        Name?: undefined | null | string;
        PortLabel?: undefined | null | string;
        Tags?: undefined | null | string[];
        Checks?:
          | undefined
          | null
          | {
              Name?: undefined | null | string;
              Type?: undefined | null | string;
              Command?: undefined | null | string;
              Args?: undefined | null | string[];
              Path?: undefined | null | string;
              Protocol?: undefined | null | string;
              PortLabel?: undefined | null | string;
              Interval?: undefined | null | number;
              Timeout?: undefined | null | number;
              InitialStatus?: undefined | null | string;
              [field: string]: unknown;
            }[];
        [field: string]: unknown;
      }[];
  Update?:
    | undefined
    | null
    | {
        Stagger?: undefined | null | number;
        MaxParallel?: undefined | null | number;
        AutoPromote?: boolean | undefined | null;
        AutoRevert?: boolean | undefined | null;
        Canary?: undefined | null | number;
        HealthCheck?: undefined | null | string;
        HealthyDeadline?: undefined | null | number;
        MinHealthyTime?: undefined | null | number;
        ProgressDeadline?: undefined | null | number;
        [field: string]: unknown;
      };
  Scaling?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  Volumes?:
    | undefined
    | null
    | {
        [field: string]: {
          [field: string]: unknown;
        };
      };
  ShutdownDelay?: undefined | null | number;
  StopAfterClientDisconnect?: undefined | null | number;
  MaxClientDisconnect?: undefined | null | number;
  Meta?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  Tasks?: undefined | null | Task[];
  [field: string]: unknown;
}

/** A job definition as the fake stores and answers it (durations in nanoseconds). */
export interface Job {
  Region?: undefined | null | string;
  Namespace?: undefined | null | string;
  ID: string;
  ParentID?: undefined | null | string;
  Name?: undefined | null | string;
  Type?: undefined | null | (string & {}) | 'service' | 'batch' | 'system' | 'sysbatch';
  Priority?: undefined | null | number;
  AllAtOnce?: boolean | undefined | null;
  Stable?: boolean | undefined | null;
  Stop?: boolean | undefined | null;
  Dispatched?: boolean | undefined | null;
  Datacenters?: undefined | null | string[];
  Constraints?: undefined | null | Constraint[];
  Affinities?: undefined | null | Affinity[];
  Spreads?: unknown;
  Multiregion?: unknown;
  TaskGroups?: undefined | null | TaskGroup[];
  Update?:
    | undefined
    | null
    | {
        Stagger?: undefined | null | number;
        MaxParallel?: undefined | null | number;
        AutoPromote?: boolean | undefined | null;
        AutoRevert?: boolean | undefined | null;
        Canary?: undefined | null | number;
        HealthCheck?: undefined | null | string;
        HealthyDeadline?: undefined | null | number;
        MinHealthyTime?: undefined | null | number;
        ProgressDeadline?: undefined | null | number;
        [field: string]: unknown;
      };
  Periodic?:
    | undefined
    | null
    | {
        Enabled?: boolean | undefined | null;
        Spec?: undefined | null | string;
        SpecType?: undefined | null | string;
        ProhibitOverlap?: boolean | undefined | null;
        [field: string]: unknown;
      };
  ParameterizedJob?:
    | undefined
    | null
    | {
        Payload?: undefined | null | 'optional' | (string & {}) | 'required' | 'forbidden';
        MetaRequired?: undefined | null | string[];
        MetaOptional?: undefined | null | string[];
        [field: string]: unknown;
      };
  Payload?: undefined | null | string;
  Meta?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  SecretsToken?: undefined | null | string;
  MeshToken?: undefined | null | string;
  SchedulerTokenID?: undefined | null | string;
  SecretsNamespace?: undefined | null | string;
  Status?: undefined | null | (string & {}) | 'pending' | 'running' | 'dead';
  StatusDescription?: undefined | null | string;
  Version?: undefined | null | number;
  SubmitTime?: undefined | null | number | WireNanos;
  CreateIndex?: undefined | null | number;
  ModifyIndex?: undefined | null | number;
  JobModifyIndex?: undefined | null | number;
  [field: string]: unknown;
}

/** Something that happened to a task. */
export interface TaskEvent {
  Type?:
    | undefined
    | 'Driver'
    | (string & {})
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
    | 'Task Setup'
    | 'Building Task Directory';
  Time?: undefined | number | WireNanos;
  FailsTask?: boolean | undefined;
  RestartReason?: undefined | string;
  SetupError?: undefined | string;
  DriverError?: undefined | string;
  ExitCode?: undefined | number;
  Signal?: undefined | number;
  Message?: undefined | string;
  KillTimeout?: undefined | number;
  KillError?: undefined | string;
  KillReason?: undefined | string;
  StartDelay?: undefined | number;
  DownloadError?: undefined | string;
  ValidationError?: undefined | string;
  DiskLimit?: undefined | number;
  FailedSibling?: undefined | string;
  VaultError?: undefined | string;
  TaskSignalReason?: undefined | string;
  TaskSignal?: undefined | string;
  DriverMessage?: undefined | string;
  DisplayMessage?: undefined | string;
  GenericSource?: undefined | string;
  Details?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  [field: string]: unknown;
}

/** The state of one task of an allocation. */
export interface TaskState {
  State?: undefined | (string & {}) | 'pending' | 'running' | 'dead';
  Failed?: boolean | undefined;
  StartedAt?: undefined | null | string;
  FinishedAt?: undefined | null | string;
  LastRestart?: undefined | null | string;
  Restarts?: undefined | number;
  Events?: undefined | null | TaskEvent[];
  TaskHandle?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  [field: string]: unknown;
}

/** An allocation as the fake answers it. */
export interface Allocation {
  Job?: undefined | null | Job;
  Resources?: undefined | null | Resources;
  SharedResources?: undefined | null | Resources;
  TaskResources?:
    | undefined
    | null
    | {
        [field: string]: Resources;
      };
  Metrics?: undefined | null | AllocationMetric;
  ID: string;
  EvalID?: undefined | string;
  Name?: undefined | string;
  Namespace?: undefined | string;
  NodeID?: undefined | string;
  NodeName?: undefined | string;
  JobID?: undefined | string;
  JobType?: undefined | string;
  JobVersion?: undefined | number;
  TaskGroup?: undefined | string;
  DesiredStatus?: undefined | (string & {}) | 'run' | 'stop' | 'evict';
  DesiredDescription?: undefined | string;
  DesiredTransition?:
    | undefined
    | null
    | {
        Migrate?: boolean | undefined | null;
        Reschedule?: boolean | undefined | null;
        ForceReschedule?: boolean | undefined | null;
        [field: string]: unknown;
      };
  ClientStatus?:
    | undefined
    | 'unknown'
    | (string & {})
    | 'pending'
    | 'running'
    | 'complete'
    | 'failed'
    | 'lost';
  ClientDescription?: undefined | string;
  DeploymentID?: undefined | string;
  DeploymentStatus?:
    | undefined
    | null
    | {
        Healthy?: boolean | undefined | null;
        Canary?: boolean | undefined;
        ModifyIndex?: undefined | number;
        Timestamp?: undefined | null | string;
        [field: string]: unknown;
      };
  FollowupEvalID?: undefined | string;
  PreviousAllocation?: undefined | string;
  NextAllocation?: undefined | string;
  RescheduleTracker?:
    | undefined
    | null
    | {
        Events?:
          | undefined
          | null
          | {
              PrevAllocID?: undefined | string;
              PrevNodeID?: undefined | string;
              RescheduleTime?: undefined | number | WireNanos;
              Delay?: undefined | string | number;
              [field: string]: unknown;
            }[];
        [field: string]: unknown;
      };
  PreemptedAllocations?: undefined | null | string[];
  PreemptedByAllocation?: undefined | string;
  AllocatedResources?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  TaskStates?:
    | undefined
    | null
    | {
        [field: string]: TaskState;
      };
  CreateIndex?: undefined | number;
  ModifyIndex?: undefined | number;
  AllocModifyIndex?: undefined | number;
  CreateTime?: undefined | number | WireNanos;
  ModifyTime?: undefined | number | WireNanos;
  [field: string]: unknown;
}

/** A task driver of a node. */
export interface DriverInfo {
  Attributes?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  Detected?: boolean | undefined;
  Healthy?: boolean | undefined;
  HealthDescription?: undefined | string;
  UpdateTime?: undefined | null | string;
  [field: string]: unknown;
}

/** An event of a node. */
export interface NodeEvent {
  Message?: undefined | string;
  Subsystem?: undefined | string;
  Details?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  Timestamp?: undefined | null | string;
  CreateIndex?: undefined | number;
  [field: string]: unknown;
}

/** The drain in progress on a node. */
export interface DrainStrategy {
  Deadline?: undefined | number;
  IgnoreSystemJobs?: boolean | undefined;
  ForceDeadline?: undefined | null | string;
  StartedAt?: undefined | null | string;
  [field: string]: unknown;
}

/** A node as the node list shows it. */
export interface NodeStub {
  ID: string;
  Name?: undefined | string;
  Address?: undefined | string;
  Datacenter?: undefined | string;
  NodeClass?: undefined | string;
  Drain?: boolean | undefined;
  Drivers?:
    | undefined
    | null
    | {
        [field: string]: DriverInfo;
      };
  SchedulingEligibility?: undefined | (string & {}) | 'eligible' | 'ineligible';
  Status?: undefined | (string & {}) | 'initializing' | 'ready' | 'down' | 'disconnected';
  StatusDescription?: undefined | string;
  Version?: undefined | string;
  CreateIndex?: undefined | number;
  ModifyIndex?: undefined | number;
  [field: string]: unknown;
}

/** A node as the fake answers it. */
export interface Node {
  Attributes?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  ComputedClass?: undefined | string;
  DrainStrategy?: undefined | null | DrainStrategy;
  Events?: undefined | null | NodeEvent[];
  HTTPAddr?: undefined | string;
  HostVolumes?:
    | undefined
    | null
    | {
        [field: string]: {
          Name?: undefined | string;
          Path?: undefined | string;
          ReadOnly?: boolean | undefined;
          [field: string]: unknown;
        };
      };
  Links?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  Meta?:
    | undefined
    | null
    | {
        [field: string]: string;
      };
  NodeResources?:
    | undefined
    | null
    | {
        Cpu?:
          | undefined
          | null
          | {
              CpuShares?: undefined | number;
              [field: string]: unknown;
            };
        Memory?:
          | undefined
          | null
          | {
              MemoryMB?: undefined | number;
              [field: string]: unknown;
            };
        Disk?:
          | undefined
          | null
          | {
              DiskMB?: undefined | number;
              [field: string]: unknown;
            };
        Devices?:
          | undefined
          | null
          | {
              [field: string]: unknown;
            }[];
        Networks?: undefined | null | Network[];
        NodeNetworks?:
          | undefined
          | null
          | {
              [field: string]: unknown;
            }[];
        [field: string]: unknown;
      };
  Reserved?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  ReservedResources?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  Resources?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  SecretID?: undefined | string;
  StatusUpdatedAt?: undefined | number;
  TLSEnabled?: boolean | undefined;
  CSIControllerPlugins?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  CSINodePlugins?:
    | undefined
    | null
    | {
        [field: string]: unknown;
      };
  ID: string;
  Name?: undefined | string;
  Address?: undefined | string;
  Datacenter?: undefined | string;
  NodeClass?: undefined | string;
  Drain?: boolean | undefined;
  Drivers?:
    | undefined
    | null
    | {
        [field: string]: DriverInfo;
      };
  SchedulingEligibility?: undefined | (string & {}) | 'eligible' | 'ineligible';
  Status?: undefined | (string & {}) | 'initializing' | 'ready' | 'down' | 'disconnected';
  StatusDescription?: undefined | string;
  Version?: undefined | string;
  CreateIndex?: undefined | number;
  ModifyIndex?: undefined | number;
  [field: string]: unknown;
}

/** Placement metrics of an allocation or evaluation. */
export interface AllocationMetric {
  NodesEvaluated?: undefined | number;
  NodesFiltered?: undefined | number;
  NodesExhausted?: undefined | number;
  NodesAvailable?:
    | undefined
    | null
    | {
        [field: string]: number;
      };
  ClassFiltered?:
    | undefined
    | null
    | {
        [field: string]: number;
      };
  ConstraintFiltered?:
    | undefined
    | null
    | {
        [field: string]: number;
      };
  ClassExhausted?:
    | undefined
    | null
    | {
        [field: string]: number;
      };
  DimensionExhausted?:
    | undefined
    | null
    | {
        [field: string]: number;
      };
  QuotaExhausted?: undefined | null | string[];
  Scores?:
    | undefined
    | null
    | {
        [field: string]: number;
      };
  AllocationTime?: undefined | number;
  CoalescedFailures?: undefined | number;
  [field: string]: unknown;
}

/** An evaluation as the fake answers it. */
export interface Evaluation {
  ID: string;
  Namespace?: undefined | string;
  Priority?: undefined | number;
  Type?: undefined | string;
  TriggeredBy?: undefined | string;
  JobID?: undefined | string;
  JobModifyIndex?: undefined | number;
  NodeID?: undefined | string;
  NodeModifyIndex?: undefined | number;
  DeploymentID?: undefined | string;
  Status?: undefined | (string & {}) | 'pending' | 'complete' | 'failed' | 'blocked' | 'canceled';
  StatusDescription?: undefined | string;
  Wait?: undefined | number;
  NextEval?: undefined | string;
  PreviousEval?: undefined | string;
  BlockedEval?: undefined | string;
  FailedTGAllocs?:
    | undefined
    | null
    | {
        [field: string]: AllocationMetric;
      };
  ClassEligibility?:
    | undefined
    | null
    | {
        [field: string]: boolean;
      };
  EscapedComputedClass?: boolean | undefined;
  AnnotatePlan?: boolean | undefined;
  QueuedAllocations?:
    | undefined
    | null
    | {
        [field: string]: number;
      };
  SnapshotIndex?: undefined | number;
  CreateIndex?: undefined | number;
  ModifyIndex?: undefined | number;
  [field: string]: unknown;
}

/** The deployment state of one task group. */
export interface DeploymentState {
  AutoRevert?: boolean | undefined;
  AutoPromote?: boolean | undefined;
  /** Nanoseconds; 0 fails the deployment at the first unhealthy allocation. */
  ProgressDeadline?: undefined | number;
  /** ISO 8601: when the deployment fails unless an allocation turned healthy before. */
  RequireProgressBy?: undefined | null | string;
  Promoted?: boolean | undefined;
  PlacedCanaries?: undefined | null | string[];
  DesiredCanaries?: undefined | number;
  DesiredTotal?: undefined | number;
  PlacedAllocs?: undefined | number;
  HealthyAllocs?: undefined | number;
  UnhealthyAllocs?: undefined | number;
  [field: string]: unknown;
}

/** A deployment as the fake answers it. */
export interface Deployment {
  ID: string;
  Namespace?: undefined | string;
  JobID?: undefined | string;
  JobVersion?: undefined | number;
  JobModifyIndex?: undefined | number;
  JobSpecModifyIndex?: undefined | number;
  JobCreateIndex?: undefined | number;
  IsMultiregion?: boolean | undefined;
  TaskGroups?:
    | undefined
    | null
    | {
        [field: string]: DeploymentState;
      };
  Status?:
    | undefined
    | (string & {})
    | 'pending'
    | 'running'
    | 'failed'
    | 'initializing'
    | 'blocked'
    | 'paused'
    | 'successful'
    | 'cancelled'
    | 'unblocking';
  StatusDescription?: undefined | string;
  CreateIndex?: undefined | number;
  ModifyIndex?: undefined | number;
  [field: string]: unknown;
}

/** One change of a task group's count, or a message about it, as scaling records them. */
export interface ScalingEvent {
  Count: number | null;
  PreviousCount: number;
  Error: boolean;
  Message: string;
  Meta: Record<string, unknown> | null;
  EvalID: string | null;
  /** Unix nanoseconds. */
  Time: WireNanos;
  CreateIndex: number;
  [field: string]: unknown;
}

/** Allocation counts of one task group. */
export interface TaskGroupSummary {
  Queued?: undefined | number;
  Complete?: undefined | number;
  Failed?: undefined | number;
  Running?: undefined | number;
  Starting?: undefined | number;
  Lost?: undefined | number;
  [field: string]: unknown;
}

/** Allocation counts of a job, by task group. */
export interface JobSummary {
  JobID: string;
  Namespace?: undefined | string;
  Summary?:
    | undefined
    | null
    | {
        [field: string]: TaskGroupSummary;
      };
  Children?:
    | undefined
    | null
    | {
        Pending?: undefined | number;
        Running?: undefined | number;
        Dead?: undefined | number;
        [field: string]: unknown;
      };
  CreateIndex?: undefined | number;
  ModifyIndex?: undefined | number;
  [field: string]: unknown;
}

/** A job as the job list shows it. */
export interface JobStub {
  ID: string;
  ParentID?: undefined | string;
  Name?: undefined | string;
  Namespace?: undefined | string;
  Type?: undefined | (string & {}) | 'service' | 'batch' | 'system' | 'sysbatch';
  Priority?: undefined | number;
  Status?: undefined | (string & {}) | 'pending' | 'running' | 'dead';
  StatusDescription?: undefined | string;
  JobSummary?: undefined | null | JobSummary;
  CreateIndex?: undefined | number;
  ModifyIndex?: undefined | number;
  JobModifyIndex?: undefined | number;
  [field: string]: unknown;
}

/** One changed field of a job diff. */
export interface FieldDiff {
  Name: string;
  Old?: undefined | string;
  New?: undefined | string;
  Type?: undefined | (string & {}) | 'Added' | 'Deleted' | 'Edited' | 'None';
  Annotations?: undefined | null | string[];
  [field: string]: unknown;
}

/** A changed nested object of a job diff. */
export interface ObjectDiff {
  Name: string;
  Type?: undefined | string;
  Fields?: undefined | null | FieldDiff[];
  Objects?: undefined | null | ObjectDiff[];
  [field: string]: unknown;
}

/** Changes of one task. */
export interface TaskDiff {
  Name: string;
  Type?: undefined | (string & {}) | 'Added' | 'Deleted' | 'Edited' | 'None';
  Fields?: undefined | null | FieldDiff[];
  Objects?: undefined | null | ObjectDiff[];
  Annotations?: undefined | null | string[];
  [field: string]: unknown;
}

/** Changes of one task group. */
export interface TaskGroupDiff {
  Name: string;
  Type?: undefined | (string & {}) | 'Added' | 'Deleted' | 'Edited' | 'None';
  Fields?: undefined | null | FieldDiff[];
  Objects?: undefined | null | ObjectDiff[];
  Updates?:
    | undefined
    | null
    | {
        [field: string]: number;
      };
  Tasks?: undefined | null | TaskDiff[];
  [field: string]: unknown;
}

/** Changes between two versions of a job. */
export interface JobDiff {
  ID: string;
  Type?: undefined | (string & {}) | 'Added' | 'Deleted' | 'Edited' | 'None';
  Fields?: undefined | null | FieldDiff[];
  Objects?: undefined | null | ObjectDiff[];
  TaskGroups?: undefined | null | TaskGroupDiff[];
  [field: string]: unknown;
}
