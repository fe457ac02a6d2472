// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { AllocationMetric, Evaluation } from '../evaluations/types.generated.js';
import type { UnixNanos } from '../unix-nanos.js';
import type { ObjectDiff } from './object-diff.js';

/** Known job types; others are accepted. */
export type JobType = 'service' | 'batch' | 'system' | 'sysbatch' | (string & Record<never, never>);

/** Known job statuses; others are accepted. */
export type JobStatus = 'pending' | 'running' | 'dead' | (string & Record<never, never>);

/** A placement rule: `LTarget Operand RTarget`. */
export interface Constraint {
  [key: string]: unknown;
  LTarget?: string | null | undefined;
  RTarget?: string | null | undefined;
  Operand?: string | null | undefined;
}

/** A weighted placement preference. */
export interface Affinity {
  [key: string]: unknown;
  LTarget?: string | null | undefined;
  RTarget?: string | null | undefined;
  Operand?: string | null | undefined;
  Weight?: number | null | undefined;
}

/** A port of a network: a label, the host port (`Value`) and the port mapped inside (`To`). */
export interface Port {
  [key: string]: unknown;
  Label?: string | null | undefined;
  Value?: number | null | undefined;
  To?: number | null | undefined;
  HostNetwork?: string | null | undefined;
}

/** A network of a group or of a task's resources. */
export interface Network {
  [key: string]: unknown;
  Device?: string | null | undefined;
  CIDR?: string | null | undefined;
  IP?: string | null | undefined;
  MBits?: number | null | undefined;
  Mode?: string | null | undefined;
  DNS?: Record<string, unknown> | null | undefined;
  ReservedPorts?: Port[] | null | undefined;
  DynamicPorts?: Port[] | null | undefined;
}

/** Size of a group's scratch disk. */
export interface EphemeralDisk {
  [key: string]: unknown;
  Sticky?: boolean | null | undefined;
  SizeMB?: number | null | undefined;
  Migrate?: boolean | null | undefined;
}

/** What a task may use. */
export interface Resources {
  [key: string]: unknown;
  CPU?: number | null | undefined;
  MemoryMB?: number | null | undefined;
  DiskMB?: number | null | undefined;
  IOPS?: number | null | undefined;
  Devices?: Record<string, unknown>[] | null | undefined;
  Networks?: Network[] | null | undefined;
}

/** Periodic launch of a job. */
export interface Periodic {
  [key: string]: unknown;
  Enabled?: boolean | null | undefined;
  Spec?: string | null | undefined;
  SpecType?: string | null | undefined;
  ProhibitOverlap?: boolean | null | undefined;
}

/** Makes a job dispatchable: whether a payload is required, and the meta keys it takes. */
export interface ParameterizedJob {
  [key: string]: unknown;
  Payload?: 'optional' | 'required' | 'forbidden' | (string & Record<never, never>) | null | undefined;
  MetaRequired?: string[] | null | undefined;
  MetaOptional?: string[] | null | undefined;
}

/** A file a task downloads before it starts. */
export interface Artifact {
  [key: string]: unknown;
  GetterSource?: string | null | undefined;
  GetterOptions?: Record<string, string> | null | undefined;
  RelativeDest?: string | null | undefined;
}

/** When a task runs relative to the main tasks. */
export interface Lifecycle {
  [key: string]: unknown;
  Hook?: 'prestart' | 'poststart' | 'poststop' | (string & Record<never, never>) | null | undefined;
  Sidecar?: boolean | null | undefined;
}

/** Log rotation of a task. */
export interface LogConfig {
  [key: string]: unknown;
  MaxFiles?: number | null | undefined;
  MaxFileSizeMB?: number | null | undefined;
}

/** Where a dispatch payload is written inside the task. */
export interface DispatchPayload {
  [key: string]: unknown;
  File?: string | null | undefined;
}

/** How a failed task is restarted in place: attempts within an interval, the delay between them, and `Mode` after the last. */
export interface RestartPolicy {
  [key: string]: unknown;
  Attempts?: number | null | undefined;
  Interval?: number | null | undefined;
  Delay?: number | null | undefined;
  Mode?: string | null | undefined;
}

/** How a failed task is restarted in place: attempts within an interval, the delay between them, and `Mode` after the last. */
export interface RestartPolicyInput {
  [key: string]: unknown;
  Attempts?: number | null | undefined;
  Interval?: string | number | null | undefined;
  Delay?: string | number | null | undefined;
  Mode?: string | null | undefined;
}

/** How a group's allocations move off a draining node: how many at once, and when a moved one counts as healthy. */
export interface MigrateStrategy {
  [key: string]: unknown;
  HealthCheck?: string | null | undefined;
  HealthyDeadline?: number | null | undefined;
  MaxParallel?: number | null | undefined;
  MinHealthyTime?: number | null | undefined;
}

/** How a group's allocations move off a draining node: how many at once, and when a moved one counts as healthy. */
export interface MigrateStrategyInput {
  [key: string]: unknown;
  HealthCheck?: string | null | undefined;
  HealthyDeadline?: string | number | null | undefined;
  MaxParallel?: number | null | undefined;
  MinHealthyTime?: string | number | null | undefined;
}

/** How a failed allocation is placed again on another node: attempts, delays and their growth. */
export interface ReschedulePolicy {
  [key: string]: unknown;
  Attempts?: number | null | undefined;
  Delay?: number | null | undefined;
  DelayFunction?: string | null | undefined;
  Interval?: number | null | undefined;
  MaxDelay?: number | null | undefined;
  Unlimited?: boolean | null | undefined;
}

/** How a failed allocation is placed again on another node: attempts, delays and their growth. */
export interface ReschedulePolicyInput {
  [key: string]: unknown;
  Attempts?: number | null | undefined;
  Delay?: string | number | null | undefined;
  DelayFunction?: string | null | undefined;
  Interval?: string | number | null | undefined;
  MaxDelay?: string | number | null | undefined;
  Unlimited?: boolean | null | undefined;
}

/** How a new version rolls out: batches, canaries, health checks, deadlines and automatic promotion or revert. */
export interface UpdateStrategy {
  [key: string]: unknown;
  /**
   * The pause between batches of an update the scheduler makes without a deployment (a system job's
   * allocations); a service job's deployment goes at the pace of its allocations' health instead.
   * Default 30 s (nanoseconds; a job you send may say `'30s'`).
   */
  Stagger?: number | null | undefined;
  /**
   * How many allocations of a group a deployment replaces at a time: the next one is placed once one of
   * these is healthy. `0` makes no deployment: a new version replaces every allocation at once (and
   * `jobs.deploy` refuses the job). Default 1.
   */
  MaxParallel?: number | null | undefined;
  /**
   * Promote the canaries without a call, once all of them are healthy. With several groups, the
   * deployment promotes itself only when every group that has canaries says so. Default false: the
   * canaries wait for `deployments.promote` (or `jobs.deploy`'s `promote` option).
   */
  AutoPromote?: boolean | null | undefined;
  /**
   * When the deployment fails (an unhealthy allocation, a missed `ProgressDeadline`), register the last
   * stable version of the job again: the one whose deployment last succeeded. Default false: the failed
   * version stays registered.
   */
  AutoRevert?: boolean | null | undefined;
  /**
   * How many allocations of a new version are placed first, beside the old ones, when the change needs
   * new allocations (a change of `Count` alone does not). The old allocations keep running until the
   * canaries are promoted; then the rest are replaced `MaxParallel` at a time. Default 0: no canaries.
   */
  Canary?: number | null | undefined;
  /**
   * What makes an allocation healthy: `'checks'` (its tasks run and its services' checks pass),
   * `'task_states'` (its tasks run), or `'manual'` (only `deployments.setAllocationHealth` says).
   * Default `'checks'`.
   */
  HealthCheck?: string | null | undefined;
  /**
   * How long a new allocation has to turn healthy; past it, the allocation is unhealthy. Default 5
   * minutes (nanoseconds; a job you send may say `'5m'`).
   */
  HealthyDeadline?: number | null | undefined;
  /**
   * How long an allocation must stay healthy before it counts as healthy, and the deployment moves on.
   * Default 10 s (nanoseconds; a job you send may say `'10s'`).
   */
  MinHealthyTime?: number | null | undefined;
  /**
   * How long the deployment may go without progress (an allocation turning healthy, a promotion) before
   * it fails. `0` fails it at the first unhealthy allocation instead. Default 10 minutes (nanoseconds; a
   * job you send may say `'10m'`).
   */
  ProgressDeadline?: number | null | undefined;
}

/** How a new version rolls out: batches, canaries, health checks, deadlines and automatic promotion or revert. */
export interface UpdateStrategyInput {
  [key: string]: unknown;
  /**
   * The pause between batches of an update the scheduler makes without a deployment (a system job's
   * allocations); a service job's deployment goes at the pace of its allocations' health instead.
   * Default 30 s (nanoseconds; a job you send may say `'30s'`).
   */
  Stagger?: string | number | null | undefined;
  /**
   * How many allocations of a group a deployment replaces at a time: the next one is placed once one of
   * these is healthy. `0` makes no deployment: a new version replaces every allocation at once (and
   * `jobs.deploy` refuses the job). Default 1.
   */
  MaxParallel?: number | null | undefined;
  /**
   * Promote the canaries without a call, once all of them are healthy. With several groups, the
   * deployment promotes itself only when every group that has canaries says so. Default false: the
   * canaries wait for `deployments.promote` (or `jobs.deploy`'s `promote` option).
   */
  AutoPromote?: boolean | null | undefined;
  /**
   * When the deployment fails (an unhealthy allocation, a missed `ProgressDeadline`), register the last
   * stable version of the job again: the one whose deployment last succeeded. Default false: the failed
   * version stays registered.
   */
  AutoRevert?: boolean | null | undefined;
  /**
   * How many allocations of a new version are placed first, beside the old ones, when the change needs
   * new allocations (a change of `Count` alone does not). The old allocations keep running until the
   * canaries are promoted; then the rest are replaced `MaxParallel` at a time. Default 0: no canaries.
   */
  Canary?: number | null | undefined;
  /**
   * What makes an allocation healthy: `'checks'` (its tasks run and its services' checks pass),
   * `'task_states'` (its tasks run), or `'manual'` (only `deployments.setAllocationHealth` says).
   * Default `'checks'`.
   */
  HealthCheck?: string | null | undefined;
  /**
   * How long a new allocation has to turn healthy; past it, the allocation is unhealthy. Default 5
   * minutes (nanoseconds; a job you send may say `'5m'`).
   */
  HealthyDeadline?: string | number | null | undefined;
  /**
   * How long an allocation must stay healthy before it counts as healthy, and the deployment moves on.
   * Default 10 s (nanoseconds; a job you send may say `'10s'`).
   */
  MinHealthyTime?: string | number | null | undefined;
  /**
   * How long the deployment may go without progress (an allocation turning healthy, a promotion) before
   * it fails. `0` fails it at the first unhealthy allocation instead. Default 10 minutes (nanoseconds; a
   * job you send may say `'10m'`).
   */
  ProgressDeadline?: string | number | null | undefined;
}

/** A health check of a service. */
export interface ServiceCheck {
  [key: string]: unknown;
  Name?: string | null | undefined;
  Type?: string | null | undefined;
  Command?: string | null | undefined;
  Args?: string[] | null | undefined;
  Path?: string | null | undefined;
  Protocol?: string | null | undefined;
  PortLabel?: string | null | undefined;
  Interval?: number | null | undefined;
  Timeout?: number | null | undefined;
  InitialStatus?: string | null | undefined;
}

/** A health check of a service. */
export interface ServiceCheckInput {
  [key: string]: unknown;
  Name?: string | null | undefined;
  Type?: string | null | undefined;
  Command?: string | null | undefined;
  Args?: string[] | null | undefined;
  Path?: string | null | undefined;
  Protocol?: string | null | undefined;
  PortLabel?: string | null | undefined;
  Interval?: string | number | null | undefined;
  Timeout?: string | number | null | undefined;
  InitialStatus?: string | null | undefined;
}

/** A service a group or task registers, with its health checks. */
export interface Service {
  [key: string]: unknown;
  Name?: string | null | undefined;
  PortLabel?: string | null | undefined;
  Tags?: string[] | null | undefined;
  Checks?: ServiceCheck[] | null | undefined;
}

/** A service a group or task registers, with its health checks. */
export interface ServiceInput {
  [key: string]: unknown;
  Name?: string | null | undefined;
  PortLabel?: string | null | undefined;
  Tags?: string[] | null | undefined;
  Checks?: ServiceCheckInput[] | null | undefined;
}

/** A file a task renders from a template before it starts, and what the task does when it changes. */
export interface Template {
  [key: string]: unknown;
  SourcePath?: string | null | undefined;
  DestPath?: string | null | undefined;
  EmbeddedTmpl?: string | null | undefined;
  ChangeMode?: string | null | undefined;
  ChangeSignal?: string | null | undefined;
  Splay?: number | null | undefined;
  Perms?: string | null | undefined;
}

/** A file a task renders from a template before it starts, and what the task does when it changes. */
export interface TemplateInput {
  [key: string]: unknown;
  SourcePath?: string | null | undefined;
  DestPath?: string | null | undefined;
  EmbeddedTmpl?: string | null | undefined;
  ChangeMode?: string | null | undefined;
  ChangeSignal?: string | null | undefined;
  Splay?: string | number | null | undefined;
  Perms?: string | null | undefined;
}

/** A task as the server returns it (durations in nanoseconds). */
export interface Task {
  [key: string]: unknown;
  Name?: string | null | undefined;
  Driver?: string | null | undefined;
  User?: string | null | undefined;
  Config?: Record<string, unknown> | null | undefined;
  Env?: Record<string, string> | null | undefined;
  Meta?: Record<string, string> | null | undefined;
  Services?: Service[] | null | undefined;
  Templates?: Template[] | null | undefined;
  Resources?: Resources | null | undefined;
  DispatchPayload?: DispatchPayload | null | undefined;
  KillTimeout?: number | null | undefined;
  KillSignal?: string | null | undefined;
  ShutdownDelay?: number | null | undefined;
  LogConfig?: LogConfig | null | undefined;
  Artifacts?: Artifact[] | null | undefined;
  Leader?: boolean | null | undefined;
  Lifecycle?: Lifecycle | null | undefined;
  Constraints?: Constraint[] | null | undefined;
  Affinities?: Affinity[] | null | undefined;
  RestartPolicy?: RestartPolicy | null | undefined;
  Kind?: string | null | undefined;
  VolumeMounts?: Record<string, unknown>[] | null | undefined;
}

/** A task group as the server returns it. */
export interface TaskGroup {
  [key: string]: unknown;
  Name?: string | null | undefined;
  Count?: number | null | undefined;
  Constraints?: Constraint[] | null | undefined;
  Affinities?: Affinity[] | null | undefined;
  Spreads?: unknown;
  RestartPolicy?: RestartPolicy | null | undefined;
  Migrate?: MigrateStrategy | null | undefined;
  ReschedulePolicy?: ReschedulePolicy | null | undefined;
  EphemeralDisk?: EphemeralDisk | null | undefined;
  Networks?: Network[] | null | undefined;
  Services?: Service[] | null | undefined;
  Update?: UpdateStrategy | null | undefined;
  Scaling?: Record<string, unknown> | null | undefined;
  Volumes?: Record<string, Record<string, unknown>> | null | undefined;
  ShutdownDelay?: number | null | undefined;
  StopAfterClientDisconnect?: number | null | undefined;
  MaxClientDisconnect?: number | null | undefined;
  Meta?: Record<string, string> | null | undefined;
  Tasks?: Task[] | null | undefined;
}

/** A job definition as the server returns it; unknown fields are kept. */
export interface Job {
  [key: string]: unknown;
  Region?: string | null | undefined;
  Namespace?: string | null | undefined;
  /** The job's id: what every call about the job names it by. */
  ID: string;
  ParentID?: string | null | undefined;
  Name?: string | null | undefined;
  Type?: JobType | null | undefined;
  Priority?: number | null | undefined;
  AllAtOnce?: boolean | null | undefined;
  Stable?: boolean | null | undefined;
  Stop?: boolean | null | undefined;
  Dispatched?: boolean | null | undefined;
  Datacenters?: string[] | null | undefined;
  Constraints?: Constraint[] | null | undefined;
  Affinities?: Affinity[] | null | undefined;
  Spreads?: unknown;
  Multiregion?: unknown;
  TaskGroups?: TaskGroup[] | null | undefined;
  Update?: UpdateStrategy | null | undefined;
  Periodic?: Periodic | null | undefined;
  ParameterizedJob?: ParameterizedJob | null | undefined;
  Payload?: string | null | undefined;
  Meta?: Record<string, string> | null | undefined;
  SecretsToken?: string | null | undefined;
  MeshToken?: string | null | undefined;
  SchedulerTokenID?: string | null | undefined;
  SecretsNamespace?: string | null | undefined;
  Status?: JobStatus | null | undefined;
  StatusDescription?: string | null | undefined;
  Version?: number | null | undefined;
  /** The version's tag, when one is set (`tagJobVersion`). */
  VersionTag?:
    | {
        [key: string]: unknown;
        Name?: string | undefined;
        Description?: string | undefined;
        /** When the tag was set, in Unix nanoseconds (every digit kept). */
        TaggedTime?: UnixNanos | undefined;
      }
    | null
    | undefined;
  /** Unix nanoseconds, every digit kept. */
  SubmitTime?: UnixNanos | null | undefined;
  CreateIndex?: number | null | undefined;
  ModifyIndex?: number | null | undefined;
  JobModifyIndex?: number | null | undefined;
}

/** Known diff types; others are accepted. */
export type DiffType = 'Added' | 'Deleted' | 'Edited' | 'None' | (string & Record<never, never>);

/** One changed field: its name, old and new value as text, and what kind of change. */
export interface FieldDiff {
  [key: string]: unknown;
  Name: string;
  Old?: string | undefined;
  New?: string | undefined;
  Type?: DiffType | undefined;
  Annotations?: string[] | null | undefined;
}

/** Changes of one task. */
export interface TaskDiff {
  [key: string]: unknown;
  Name: string;
  Type?: DiffType | undefined;
  Fields?: FieldDiff[] | null | undefined;
  Objects?: ObjectDiff[] | null | undefined;
  Annotations?: string[] | null | undefined;
}

/** Changes of one task group, with the count of each kind of placement update. */
export interface TaskGroupDiff {
  [key: string]: unknown;
  Name: string;
  Type?: DiffType | undefined;
  Fields?: FieldDiff[] | null | undefined;
  Objects?: ObjectDiff[] | null | undefined;
  Updates?: Record<string, number> | null | undefined;
  Tasks?: TaskDiff[] | null | undefined;
}

/** Changes between two versions of a job. */
export interface JobDiff {
  [key: string]: unknown;
  ID: string;
  Type?: DiffType | undefined;
  Fields?: FieldDiff[] | null | undefined;
  Objects?: ObjectDiff[] | null | undefined;
  TaskGroups?: TaskGroupDiff[] | null | undefined;
}

/** A task to submit: durations may be unit text (`"30s"`). */
export interface TaskInput {
  [key: string]: unknown;
  Name?: string | null | undefined;
  Driver?: string | null | undefined;
  User?: string | null | undefined;
  Config?: Record<string, unknown> | null | undefined;
  Env?: Record<string, string> | null | undefined;
  Meta?: Record<string, string> | null | undefined;
  Services?: ServiceInput[] | null | undefined;
  Templates?: TemplateInput[] | null | undefined;
  Resources?: Resources | null | undefined;
  DispatchPayload?: DispatchPayload | null | undefined;
  KillTimeout?: string | number | null | undefined;
  KillSignal?: string | null | undefined;
  ShutdownDelay?: string | number | null | undefined;
  LogConfig?: LogConfig | null | undefined;
  Artifacts?: Artifact[] | null | undefined;
  Leader?: boolean | null | undefined;
  Lifecycle?: Lifecycle | null | undefined;
  Constraints?: Constraint[] | null | undefined;
  Affinities?: Affinity[] | null | undefined;
  RestartPolicy?: RestartPolicyInput | null | undefined;
  Kind?: string | null | undefined;
  VolumeMounts?: Record<string, unknown>[] | null | undefined;
}

/** A task group to submit: durations may be unit text (`"30s"`). */
export interface TaskGroupInput {
  [key: string]: unknown;
  Name?: string | null | undefined;
  Count?: number | null | undefined;
  Constraints?: Constraint[] | null | undefined;
  Affinities?: Affinity[] | null | undefined;
  Spreads?: unknown;
  RestartPolicy?: RestartPolicyInput | null | undefined;
  Migrate?: MigrateStrategyInput | null | undefined;
  ReschedulePolicy?: ReschedulePolicyInput | null | undefined;
  EphemeralDisk?: EphemeralDisk | null | undefined;
  Networks?: Network[] | null | undefined;
  Services?: ServiceInput[] | null | undefined;
  Update?: UpdateStrategyInput | null | undefined;
  Scaling?: Record<string, unknown> | null | undefined;
  Volumes?: Record<string, Record<string, unknown>> | null | undefined;
  ShutdownDelay?: string | number | null | undefined;
  StopAfterClientDisconnect?: string | number | null | undefined;
  MaxClientDisconnect?: string | number | null | undefined;
  Meta?: Record<string, string> | null | undefined;
  Tasks?: TaskInput[] | null | undefined;
}

/** What a job definition may be written as; a `Job` read from the server is one. */
export interface JobInput {
  [key: string]: unknown;
  Region?: string | null | undefined;
  Namespace?: string | null | undefined;
  /** The job's id: what every call about the job names it by. */
  ID: string;
  ParentID?: string | null | undefined;
  Name?: string | null | undefined;
  Type?: JobType | null | undefined;
  Priority?: number | null | undefined;
  AllAtOnce?: boolean | null | undefined;
  Stable?: boolean | null | undefined;
  Stop?: boolean | null | undefined;
  Dispatched?: boolean | null | undefined;
  Datacenters?: string[] | null | undefined;
  Constraints?: Constraint[] | null | undefined;
  Affinities?: Affinity[] | null | undefined;
  Spreads?: unknown;
  Multiregion?: unknown;
  TaskGroups?: TaskGroupInput[] | null | undefined;
  Update?: UpdateStrategyInput | null | undefined;
  Periodic?: Periodic | null | undefined;
  ParameterizedJob?: ParameterizedJob | null | undefined;
  Payload?: string | null | undefined;
  Meta?: Record<string, string> | null | undefined;
  SecretsToken?: string | null | undefined;
  MeshToken?: string | null | undefined;
  SchedulerTokenID?: string | null | undefined;
  SecretsNamespace?: string | null | undefined;
  Status?: JobStatus | null | undefined;
  StatusDescription?: string | null | undefined;
  Version?: number | null | undefined;
  /** The version's tag, when one is set (`tagJobVersion`). */
  VersionTag?:
    | {
        [key: string]: unknown;
        Name?: string | undefined;
        Description?: string | undefined;
        /** When the tag was set, in Unix nanoseconds (every digit kept). */
        TaggedTime?:
          | number
          | bigint
          | UnixNanos
          | {
              nanoseconds: bigint;
            }
          | undefined;
      }
    | null
    | undefined;
  /** Unix nanoseconds, every digit kept. */
  SubmitTime?:
    | number
    | bigint
    | UnixNanos
    | {
        nanoseconds: bigint;
      }
    | null
    | undefined;
  CreateIndex?: number | null | undefined;
  ModifyIndex?: number | null | undefined;
  JobModifyIndex?: number | null | undefined;
}

/** Allocation counts of one task group by client status. */
export interface TaskGroupSummary {
  [key: string]: unknown;
  Queued?: number | undefined;
  Complete?: number | undefined;
  Failed?: number | undefined;
  Running?: number | undefined;
  Starting?: number | undefined;
  Lost?: number | undefined;
}

/** Counts of the child jobs of a periodic or parameterized job. */
export interface JobChildrenSummary {
  [key: string]: unknown;
  Pending?: number | undefined;
  Running?: number | undefined;
  Dead?: number | undefined;
}

/** Allocation counts of a job by task group. */
export interface JobSummary {
  [key: string]: unknown;
  JobID: string;
  Namespace?: string | undefined;
  Summary?: Record<string, TaskGroupSummary> | null | undefined;
  Children?: JobChildrenSummary | null | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
}

/** A job as the list returns it. */
export interface JobStub {
  [key: string]: unknown;
  ID: string;
  ParentID?: string | undefined;
  Name?: string | undefined;
  Namespace?: string | undefined;
  Type?: JobType | undefined;
  Priority?: number | undefined;
  Status?: JobStatus | undefined;
  StatusDescription?: string | undefined;
  JobSummary?: JobSummary | null | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  JobModifyIndex?: number | undefined;
  /** The job's `Meta`, when the listing asked for it (`meta: true`). */
  Meta?: Record<string, string> | null | undefined;
}

/** What registering, updating, reverting or evaluating a job answers. */
export interface JobRegisterResponse {
  [key: string]: unknown;
  EvalID?: string | undefined;
  EvalCreateIndex?: number | undefined;
  JobModifyIndex?: number | undefined;
  Warnings?: string | undefined;
  Index?: number | undefined;
  LastContact?: number | undefined;
  KnownLeader?: boolean | undefined;
}

/** What `DELETE /v1/job/:job_id` answers: the evaluation that stops the job and the job's modify index. */
export interface JobDeregisterResponse {
  [key: string]: unknown;
  EvalID?: string | undefined;
  EvalCreateIndex?: number | undefined;
  JobModifyIndex?: number | undefined;
}

/** All versions of a job, newest first, and with `diffs` the change from each version to the one before. */
export interface JobVersions {
  [key: string]: unknown;
  Versions: Job[];
  Diffs?: JobDiff[] | null | undefined;
  Index?: number | undefined;
  KnownLeader?: boolean | undefined;
  LastContact?: number | undefined;
}

/** What dispatching a parameterized job answers. */
export interface JobDispatchResponse {
  [key: string]: unknown;
  Index?: number | undefined;
  JobCreateIndex?: number | undefined;
  EvalCreateIndex?: number | undefined;
  EvalID?: string | undefined;
  DispatchedJobID: string;
}

/** What setting a version's stability answers. */
export interface JobStabilityResponse {
  [key: string]: unknown;
  JobModifyIndex?: number | undefined;
}

/** Placement changes a plan would make in one task group. */
export interface DesiredUpdates {
  [key: string]: unknown;
  Place?: number | undefined;
  Stop?: number | undefined;
  Migrate?: number | undefined;
  Ignore?: number | undefined;
  InPlaceUpdate?: number | undefined;
  DestructiveUpdate?: number | undefined;
  Canary?: number | undefined;
  Preemptions?: number | undefined;
}

/** A dry run of a job update: the diff, the placements it would make and what would fail. */
export interface JobPlanResponse {
  [key: string]: unknown;
  Index?: number | undefined;
  JobModifyIndex?: number | undefined;
  Diff?: JobDiff | null | undefined;
  Annotations?:
    | {
        [key: string]: unknown;
        DesiredTGUpdates?: Record<string, DesiredUpdates> | null | undefined;
      }
    | null
    | undefined;
  CreatedEvals?: Evaluation[] | null | undefined;
  FailedTGAllocs?: Record<string, AllocationMetric> | null | undefined;
  NextPeriodicLaunch?: string | null | undefined;
  Warnings?: string | undefined;
}

/** A list of job stubs, as `GET /v1/jobs` answers. */
export type JobStubList = JobStub[];

/** The source a job was written in, kept by the scheduler beside the version it registers. */
export interface JobSubmission {
  /** The job text as written. */
  Source: string;
  /** Its language: `hcl2` or `json` (`hcl1` for the legacy one). */
  Format?: string | undefined;
  /** Variables given as `-var` flags, by name. */
  VariableFlags?: Record<string, string> | null | undefined;
  /** The variables file given with it, as text. */
  Variables?: string | undefined;
}

/** Body of `POST /v1/jobs`. */
export interface CreateJobRequest {
  /** The job to register, or its new version: a `JobInput` (durations may be text such as `"30s"`). */
  Job: JobInput;
  /** Register only if the job's modify index equals `JobModifyIndex` (0: only if the job is new); safe to retry. */
  EnforceIndex?: boolean | undefined;
  JobModifyIndex?: number | undefined;
  /** Override soft-mandatory policies (needs `namespace:policy-override`). */
  PolicyOverride?: boolean | undefined;
  /** Keep the group counts of the running job. */
  PreserveCounts?: boolean | undefined;
  /** Priority of the registration's evaluation, 1 to 100; default the job's priority. */
  EvalPriority?: number | undefined;
  /** The source the job was written in, kept with the version. */
  Submission?: JobSubmission | null | undefined;
}

/** Body of `POST /v1/job/:job_id`: the same fields as a registration. */
export interface UpdateJobRequest {
  /** The job to register, or its new version: a `JobInput` (durations may be text such as `"30s"`). */
  Job: JobInput;
  /** Register only if the job's modify index equals `JobModifyIndex` (0: only if the job is new); safe to retry. */
  EnforceIndex?: boolean | undefined;
  JobModifyIndex?: number | undefined;
  /** Override soft-mandatory policies (needs `namespace:policy-override`). */
  PolicyOverride?: boolean | undefined;
  /** Keep the group counts of the running job. */
  PreserveCounts?: boolean | undefined;
  /** Priority of the registration's evaluation, 1 to 100; default the job's priority. */
  EvalPriority?: number | undefined;
  /** The source the job was written in, kept with the version. */
  Submission?: JobSubmission | null | undefined;
}

/** Body of `POST /v1/jobs/parse`. */
export interface ParseJobRequest {
  /** The job in the block language. */
  JobHCL: string;
  /** Fill unset fields with their defaults. */
  Canonicalize?: boolean | undefined;
  /** Use the legacy parser. */
  HCLv1?: boolean | undefined;
  /** Values of the text's variables, as a variables file (`image = "nginx:1"`, one per line). */
  Variables?: string | undefined;
}

/** Body of `POST /v1/job/:job_id/dispatch`; `Payload` is base64 text or bytes (encoded for you), at most 16384 bytes. */
export interface DispatchJobRequest {
  Payload?: string | Uint8Array<ArrayBuffer> | undefined;
  Meta?: Record<string, string> | null | undefined;
  /**
   * Dispatch at most once: a dispatch with a token that made a child before answers that child again,
   * so a dispatch that carries one is safe to retry.
   */
  IdempotencyToken?: string | undefined;
  /** Put this text into the dispatched job's id: `<job>/dispatch-<template>-<time>-<random>`. */
  IdPrefixTemplate?: string | undefined;
  /** Priority of the dispatched job, 1 to 100; default the parameterized job's. */
  Priority?: number | undefined;
}

/** Body of `POST /v1/job/:job_id/revert`; `JobID` is filled in from the path. */
export interface RevertJobRequest {
  JobID?: string | undefined;
  /** The version to go back to. */
  JobVersion?: number | undefined;
  /** Revert only if the current version is this one. */
  EnforcePriorVersion?: number | undefined;
  /** Revert to the version carrying this tag instead of a number. */
  TaggedVersion?: string | undefined;
  MeshToken?: string | undefined;
  SecretsToken?: string | undefined;
}

/** Body of `POST /v1/job/:job_id/stable`; `JobID` is filled in from the path. */
export interface JobStabilityRequest {
  JobID?: string | undefined;
  JobVersion?: number | undefined;
  Stable?: boolean | undefined;
}

/** Body of `POST /v1/job/:job_id/evaluate`; `JobID` is filled in from the path. */
export interface EvaluateJobRequest {
  JobID?: string | undefined;
  EvalOptions?:
    | {
        /** Reschedule failed allocations now, even past their reschedule limit or delay. */
        ForceReschedule?: boolean | undefined;
      }
    | null
    | undefined;
}

/** Body of `POST /v1/job/:job_id/plan`. */
export interface PlanJobRequest {
  /** The job to plan: a `JobInput` (durations may be text such as `"30s"`). */
  Job: JobInput;
  /** Include the diff between the submitted and the registered job. */
  Diff?: boolean | undefined;
  PolicyOverride?: boolean | undefined;
}

/**
 * What `jobs.scale` takes: the group, its new count, and what to record with it. `Count` left out
 * records the event only (an autoscaler's message or error) and changes nothing.
 */
export interface ScaleJobRequest {
  /** The task group to scale. */
  Group: string;
  /** The group's new count. */
  Count?: number | null | undefined;
  /** Why, kept in the group's scaling events. */
  Message?: string | undefined;
  /** The event reports an error (then it sets no count). */
  Error?: boolean | undefined;
  /** Anything to keep with the event. */
  Meta?: Record<string, unknown> | null | undefined;
  /** Override soft-mandatory policies (needs `namespace:policy-override`). */
  PolicyOverride?: boolean | undefined;
}

/** One scaling of a group, or a message about it, as the scheduler keeps them (the latest 20). */
export interface ScalingEvent {
  [key: string]: unknown;
  /** The count it set; null for a message or an error. */
  Count?: number | null | undefined;
  PreviousCount?: number | undefined;
  Error?: boolean | undefined;
  Message?: string | undefined;
  Meta?: Record<string, unknown> | null | undefined;
  /** The evaluation a new count created. */
  EvalID?: string | null | undefined;
  /** When, in Unix nanoseconds (every digit kept). */
  Time?: UnixNanos | undefined;
  CreateIndex?: number | undefined;
}

/** A group's desired count beside its allocations of the current version (canaries left out) and their health. */
export interface TaskGroupScaleStatus {
  [key: string]: unknown;
  Desired?: number | undefined;
  Placed?: number | undefined;
  Running?: number | undefined;
  Healthy?: number | undefined;
  Unhealthy?: number | undefined;
  /** The group's scaling events, newest first. */
  Events?: ScalingEvent[] | null | undefined;
}

/** The scale status of a job: each group's counts and scaling events. */
export interface JobScaleStatus {
  [key: string]: unknown;
  JobID?: string | undefined;
  Namespace?: string | undefined;
  JobCreateIndex?: number | undefined;
  JobModifyIndex?: number | undefined;
  JobStopped?: boolean | undefined;
  TaskGroups?: Record<string, TaskGroupScaleStatus> | null | undefined;
}

/** What validating a job answers: the problems found (none: the job is valid) and the warnings. */
export interface JobValidationResponse {
  [key: string]: unknown;
  /** Whether the drivers' configuration was checked too (false when the leader could not be reached). */
  DriverConfigValidated?: boolean | undefined;
  /** Each problem that makes the job invalid; empty or null when it is valid. */
  ValidationErrors?: string[] | null | undefined;
  /** The problems as one text; empty when the job is valid. */
  Error?: string | undefined;
  /** Warnings about a valid job, as one text. */
  Warnings?: string | undefined;
}

/** Body of `POST /v1/validate/job`: the job to check (durations may be text such as `"30s"`). */
export interface ValidateJobRequest {
  Job: JobInput;
}

/** What forcing a periodic job answers: the evaluation of the instance it launched. */
export interface PeriodicForceResponse {
  [key: string]: unknown;
  EvalID?: string | undefined;
  EvalCreateIndex?: number | undefined;
  Index?: number | undefined;
}

/** The source a version of a job was submitted in, as the scheduler keeps it (for its latest 6 versions). */
export interface JobSubmissionResponse {
  [key: string]: unknown;
  JobID?: string | undefined;
  Namespace?: string | undefined;
  /** The version the source belongs to. */
  Version?: number | undefined;
  /** The job modify index of that version. */
  JobIndex?: number | undefined;
  /** The language: `hcl2`, `hcl1` or `json`. */
  Format?: string | undefined;
  /** The job text as submitted. */
  Source?: string | undefined;
  /** The variables file given with it. */
  Variables?: string | undefined;
  /** Variables given as `-var` flags, by name. */
  VariableFlags?: Record<string, string> | null | undefined;
}

/** What tagging a version answers: the tag as set. */
export interface TagJobVersionResponse {
  [key: string]: unknown;
  Name?: string | undefined;
  Description?: string | undefined;
  /** When the tag was set, in Unix nanoseconds (every digit kept). */
  TaggedTime?: UnixNanos | undefined;
  Index?: number | undefined;
  LastContact?: number | undefined;
  KnownLeader?: boolean | undefined;
  NextToken?: string | undefined;
}

/** Body of `POST /v1/job/:job_id/versions/:tag_name/tag`: which version to tag, and why. */
export interface TagJobVersionRequest {
  /** The version to tag; default the latest. */
  Version?: number | undefined;
  /** What the tag is for, e.g. "the version we can roll back to". */
  Description?: string | undefined;
}

/** What removing a version's tag answers (it makes no evaluation: those fields are empty). */
export interface UntagJobVersionResponse {
  [key: string]: unknown;
  EvalID?: string | undefined;
  EvalCreateIndex?: number | undefined;
  JobModifyIndex?: number | undefined;
  /** The evaluation of the job's volumes (none: removing a tag changes nothing). */
  VolumeEvalID?: string | undefined;
  VolumeEvalIndex?: number | undefined;
  Index?: number | undefined;
  LastContact?: number | undefined;
  KnownLeader?: boolean | undefined;
  NextToken?: string | undefined;
}
