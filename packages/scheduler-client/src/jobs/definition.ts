// The job definition: job, task groups, tasks and their nested objects. Every object is loose, so a
// read-modify-write keeps each field the server sent, and every field accepts null, as the official
// client sends nulls for everything it leaves unset. One set of factories builds both shapes: the
// response shape (durations are nanoseconds) and the request shape (durations may be unit text).

import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import type { Nanoseconds } from '../durations.js';
import { UnixNanosSchema } from '../unix-nanos-schema.js';
import type { Job, Task, TaskGroup } from './types.generated.js';

type DurationSchema = typeof Nanoseconds | typeof NanosecondsOut;

const StringMap = v.record(v.string(), v.string());
/** Response field: a duration in nanoseconds as the server writes it. */
export const NanosecondsOut = v.number();

/** Known job types; others are accepted. */
export const JobTypeSchema = openEnum(['service', 'batch', 'system', 'sysbatch']);
/** Known job statuses; others are accepted. */
export const JobStatusSchema = openEnum(['pending', 'running', 'dead']);

/** A placement rule: `LTarget Operand RTarget`. */
export const ConstraintSchema = v.looseObject({
  LTarget: v.nullish(v.string()),
  RTarget: v.nullish(v.string()),
  Operand: v.nullish(v.string()),
});

/** A weighted placement preference. */
export const AffinitySchema = v.looseObject({
  LTarget: v.nullish(v.string()),
  RTarget: v.nullish(v.string()),
  Operand: v.nullish(v.string()),
  Weight: v.nullish(v.number()),
});

/** A port of a network: a label, the host port (`Value`) and the port mapped inside (`To`). */
export const PortSchema = v.looseObject({
  Label: v.nullish(v.string()),
  Value: v.nullish(v.number()),
  To: v.nullish(v.number()),
  HostNetwork: v.nullish(v.string()),
});

// Four schema types are named (Network, Resources, Job and JobInput), through a factory, unlike every
// other schema: written out in full wherever a job is held, they nest deep enough that a user's
// compiler stops with TS2589 (type instantiation excessively deep) on an ordinary `jobs.create` call.
/* @__NO_SIDE_EFFECTS__ */
function networkSchema() {
  return v.looseObject({
    Device: v.nullish(v.string()),
    CIDR: v.nullish(v.string()),
    IP: v.nullish(v.string()),
    MBits: v.nullish(v.number()),
    Mode: v.nullish(v.string()),
    DNS: v.nullish(v.looseObject({})),
    ReservedPorts: v.nullish(v.array(PortSchema)),
    DynamicPorts: v.nullish(v.array(PortSchema)),
  });
}
/** The schema type of `Network`, named (see above). */
export interface NetworkSchema extends ReturnType<typeof networkSchema> {}
/** A network of a group or of a task's resources. */
export const NetworkSchema: NetworkSchema = networkSchema();

/** Size of a group's scratch disk. */
export const EphemeralDiskSchema = v.looseObject({
  Sticky: v.nullish(v.boolean()),
  SizeMB: v.nullish(v.number()),
  Migrate: v.nullish(v.boolean()),
});

/* @__NO_SIDE_EFFECTS__ */
function resourcesSchema() {
  return v.looseObject({
    CPU: v.nullish(v.number()),
    MemoryMB: v.nullish(v.number()),
    DiskMB: v.nullish(v.number()),
    IOPS: v.nullish(v.number()),
    Devices: v.nullish(v.array(v.looseObject({}))),
    Networks: v.nullish(v.array(NetworkSchema)),
  });
}
/** The schema type of `Resources`, named (see above `Network`). */
export interface ResourcesSchema extends ReturnType<typeof resourcesSchema> {}
/** What a task may use. */
export const ResourcesSchema: ResourcesSchema = resourcesSchema();

/** Periodic launch of a job. */
export const PeriodicSchema = v.looseObject({
  Enabled: v.nullish(v.boolean()),
  Spec: v.nullish(v.string()),
  SpecType: v.nullish(v.string()),
  ProhibitOverlap: v.nullish(v.boolean()),
});

/** The tag of a job version: a name unique within the job, a description, and when it was set. */
export const JobVersionTagSchema = v.looseObject({
  Name: v.optional(v.string()),
  Description: v.optional(v.string()),
  /** When the tag was set, in Unix nanoseconds (every digit kept). */
  TaggedTime: v.optional(UnixNanosSchema),
});

/** Makes a job dispatchable: whether a payload is required, and the meta keys it takes. */
export const ParameterizedJobSchema = v.looseObject({
  Payload: v.nullish(openEnum(['optional', 'required', 'forbidden'])),
  MetaRequired: v.nullish(v.array(v.string())),
  MetaOptional: v.nullish(v.array(v.string())),
});

/** A file a task downloads before it starts. */
export const ArtifactSchema = v.looseObject({
  GetterSource: v.nullish(v.string()),
  GetterOptions: v.nullish(StringMap),
  RelativeDest: v.nullish(v.string()),
});

/** When a task runs relative to the main tasks. */
export const LifecycleSchema = v.looseObject({
  Hook: v.nullish(openEnum(['prestart', 'poststart', 'poststop'])),
  Sidecar: v.nullish(v.boolean()),
});

/** Log rotation of a task. */
export const LogConfigSchema = v.looseObject({
  MaxFiles: v.nullish(v.number()),
  MaxFileSizeMB: v.nullish(v.number()),
});

/** Where a dispatch payload is written inside the task. */
export const DispatchPayloadSchema = v.looseObject({ File: v.nullish(v.string()) });

/** How a failed task is restarted in place: attempts within an interval, the delay between them, and `Mode` after the last. */
/* @__NO_SIDE_EFFECTS__ */
export function restartPolicy<D extends DurationSchema>(duration: D) {
  return v.looseObject({
    Attempts: v.nullish(v.number()),
    Interval: v.nullish(duration),
    Delay: v.nullish(duration),
    Mode: v.nullish(v.string()),
  });
}

/** How a group's allocations move off a draining node: how many at once, and when a moved one counts as healthy. */
/* @__NO_SIDE_EFFECTS__ */
export function migrateStrategy<D extends DurationSchema>(duration: D) {
  return v.looseObject({
    HealthCheck: v.nullish(v.string()),
    HealthyDeadline: v.nullish(duration),
    MaxParallel: v.nullish(v.number()),
    MinHealthyTime: v.nullish(duration),
  });
}

/** How a failed allocation is placed again on another node: attempts, delays and their growth. */
/* @__NO_SIDE_EFFECTS__ */
export function reschedulePolicy<D extends DurationSchema>(duration: D) {
  return v.looseObject({
    Attempts: v.nullish(v.number()),
    Delay: v.nullish(duration),
    DelayFunction: v.nullish(v.string()),
    Interval: v.nullish(duration),
    MaxDelay: v.nullish(duration),
    Unlimited: v.nullish(v.boolean()),
  });
}

/** How a new version rolls out: batches, canaries, health checks, deadlines and automatic promotion or revert. */
/* @__NO_SIDE_EFFECTS__ */
export function updateStrategy<D extends DurationSchema>(duration: D) {
  return v.looseObject({
    /**
     * The pause between batches of an update the scheduler makes without a deployment (a system job's
     * allocations); a service job's deployment goes at the pace of its allocations' health instead.
     * Default 30 s (nanoseconds; a job you send may say `'30s'`).
     */
    Stagger: v.nullish(duration),
    /**
     * How many allocations of a group a deployment replaces at a time: the next one is placed once one of
     * these is healthy. `0` makes no deployment: a new version replaces every allocation at once (and
     * `jobs.deploy` refuses the job). Default 1.
     */
    MaxParallel: v.nullish(v.number()),
    /**
     * Promote the canaries without a call, once all of them are healthy. With several groups, the
     * deployment promotes itself only when every group that has canaries says so. Default false: the
     * canaries wait for `deployments.promote` (or `jobs.deploy`'s `promote` option).
     */
    AutoPromote: v.nullish(v.boolean()),
    /**
     * When the deployment fails (an unhealthy allocation, a missed `ProgressDeadline`), register the last
     * stable version of the job again: the one whose deployment last succeeded. Default false: the failed
     * version stays registered.
     */
    AutoRevert: v.nullish(v.boolean()),
    /**
     * How many allocations of a new version are placed first, beside the old ones, when the change needs
     * new allocations (a change of `Count` alone does not). The old allocations keep running until the
     * canaries are promoted; then the rest are replaced `MaxParallel` at a time. Default 0: no canaries.
     */
    Canary: v.nullish(v.number()),
    /**
     * What makes an allocation healthy: `'checks'` (its tasks run and its services' checks pass),
     * `'task_states'` (its tasks run), or `'manual'` (only `deployments.setAllocationHealth` says).
     * Default `'checks'`.
     */
    HealthCheck: v.nullish(v.string()),
    /**
     * How long a new allocation has to turn healthy; past it, the allocation is unhealthy. Default 5
     * minutes (nanoseconds; a job you send may say `'5m'`).
     */
    HealthyDeadline: v.nullish(duration),
    /**
     * How long an allocation must stay healthy before it counts as healthy, and the deployment moves on.
     * Default 10 s (nanoseconds; a job you send may say `'10s'`).
     */
    MinHealthyTime: v.nullish(duration),
    /**
     * How long the deployment may go without progress (an allocation turning healthy, a promotion) before
     * it fails. `0` fails it at the first unhealthy allocation instead. Default 10 minutes (nanoseconds; a
     * job you send may say `'10m'`).
     */
    ProgressDeadline: v.nullish(duration),
  });
}

/** A health check of a service. */
/* @__NO_SIDE_EFFECTS__ */
export function serviceCheck<D extends DurationSchema>(duration: D) {
  return v.looseObject({
    Name: v.nullish(v.string()),
    Type: v.nullish(v.string()),
    Command: v.nullish(v.string()),
    Args: v.nullish(v.array(v.string())),
    Path: v.nullish(v.string()),
    Protocol: v.nullish(v.string()),
    PortLabel: v.nullish(v.string()),
    Interval: v.nullish(duration),
    Timeout: v.nullish(duration),
    InitialStatus: v.nullish(v.string()),
  });
}

/** A service a group or task registers, with its health checks. */
/* @__NO_SIDE_EFFECTS__ */
export function service<D extends DurationSchema>(duration: D) {
  return v.looseObject({
    Name: v.nullish(v.string()),
    PortLabel: v.nullish(v.string()),
    Tags: v.nullish(v.array(v.string())),
    Checks: v.nullish(v.array(serviceCheck(duration))),
  });
}

/** A file a task renders from a template before it starts, and what the task does when it changes. */
/* @__NO_SIDE_EFFECTS__ */
export function template<D extends DurationSchema>(duration: D) {
  return v.looseObject({
    SourcePath: v.nullish(v.string()),
    DestPath: v.nullish(v.string()),
    EmbeddedTmpl: v.nullish(v.string()),
    ChangeMode: v.nullish(v.string()),
    ChangeSignal: v.nullish(v.string()),
    Splay: v.nullish(duration),
    Perms: v.nullish(v.string()),
  });
}

/* @__NO_SIDE_EFFECTS__ */
function task<D extends DurationSchema>(duration: D) {
  return v.looseObject({
    Name: v.nullish(v.string()),
    Driver: v.nullish(v.string()),
    User: v.nullish(v.string()),
    Config: v.nullish(v.record(v.string(), v.unknown())),
    Env: v.nullish(StringMap),
    Meta: v.nullish(StringMap),
    Services: v.nullish(v.array(service(duration))),
    Templates: v.nullish(v.array(template(duration))),
    Resources: v.nullish(ResourcesSchema),
    DispatchPayload: v.nullish(DispatchPayloadSchema),
    KillTimeout: v.nullish(duration),
    KillSignal: v.nullish(v.string()),
    ShutdownDelay: v.nullish(duration),
    LogConfig: v.nullish(LogConfigSchema),
    Artifacts: v.nullish(v.array(ArtifactSchema)),
    Leader: v.nullish(v.boolean()),
    Lifecycle: v.nullish(LifecycleSchema),
    Constraints: v.nullish(v.array(ConstraintSchema)),
    Affinities: v.nullish(v.array(AffinitySchema)),
    RestartPolicy: v.nullish(restartPolicy(duration)),
    Kind: v.nullish(v.string()),
    VolumeMounts: v.nullish(v.array(v.looseObject({}))),
  });
}

/* @__NO_SIDE_EFFECTS__ */
function taskGroup<D extends DurationSchema, T extends v.GenericSchema>(duration: D, taskSchema: T) {
  return v.looseObject({
    Name: v.nullish(v.string()),
    Count: v.nullish(v.number()),
    Constraints: v.nullish(v.array(ConstraintSchema)),
    Affinities: v.nullish(v.array(AffinitySchema)),
    Spreads: v.nullish(v.unknown()),
    RestartPolicy: v.nullish(restartPolicy(duration)),
    Migrate: v.nullish(migrateStrategy(duration)),
    ReschedulePolicy: v.nullish(reschedulePolicy(duration)),
    EphemeralDisk: v.nullish(EphemeralDiskSchema),
    Networks: v.nullish(v.array(NetworkSchema)),
    Services: v.nullish(v.array(service(duration))),
    Update: v.nullish(updateStrategy(duration)),
    Scaling: v.nullish(v.looseObject({})),
    Volumes: v.nullish(v.record(v.string(), v.looseObject({}))),
    ShutdownDelay: v.nullish(duration),
    StopAfterClientDisconnect: v.nullish(duration),
    MaxClientDisconnect: v.nullish(duration),
    Meta: v.nullish(StringMap),
    Tasks: v.nullish(v.array(taskSchema)),
  });
}

// The job definition with `duration` as the schema of its duration fields: the response shape here,
// the request shape in request-definition.ts.
/* @__NO_SIDE_EFFECTS__ */
export function jobDefinition<D extends DurationSchema, G extends v.GenericSchema>(
  duration: D,
  groupSchema: G,
) {
  return v.looseObject({
    Region: v.nullish(v.string()),
    Namespace: v.nullish(v.string()),
    /** The job's id: what every call about the job names it by. */
    ID: v.string(),
    ParentID: v.nullish(v.string()),
    Name: v.nullish(v.string()),
    Type: v.nullish(JobTypeSchema),
    Priority: v.nullish(v.number()),
    AllAtOnce: v.nullish(v.boolean()),
    Stable: v.nullish(v.boolean()),
    Stop: v.nullish(v.boolean()),
    Dispatched: v.nullish(v.boolean()),
    Datacenters: v.nullish(v.array(v.string())),
    Constraints: v.nullish(v.array(ConstraintSchema)),
    Affinities: v.nullish(v.array(AffinitySchema)),
    Spreads: v.nullish(v.unknown()),
    Multiregion: v.nullish(v.unknown()),
    TaskGroups: v.nullish(v.array(groupSchema)),
    Update: v.nullish(updateStrategy(duration)),
    Periodic: v.nullish(PeriodicSchema),
    ParameterizedJob: v.nullish(ParameterizedJobSchema),
    Payload: v.nullish(v.string()),
    Meta: v.nullish(StringMap),
    SecretsToken: v.nullish(v.string()),
    MeshToken: v.nullish(v.string()),
    SchedulerTokenID: v.nullish(v.string()),
    SecretsNamespace: v.nullish(v.string()),
    Status: v.nullish(JobStatusSchema),
    StatusDescription: v.nullish(v.string()),
    Version: v.nullish(v.number()),
    /** The version's tag, when one is set (`tagJobVersion`). */
    VersionTag: v.nullish(JobVersionTagSchema),
    /** Unix nanoseconds, every digit kept. */
    SubmitTime: v.nullish(UnixNanosSchema),
    CreateIndex: v.nullish(v.number()),
    ModifyIndex: v.nullish(v.number()),
    JobModifyIndex: v.nullish(v.number()),
  });
}

// Each level is typed by the named type of the level below (`Task` in a task group, `TaskGroup` in a
// job), so a user's compiler works out one level at a time, once. Typed by their whole inferred shape,
// the first field read of a job (or of what embeds one: an allocation, a job's versions, a plan) costs
// more type instantiations than a compiler allows for one expression (TS2589).
/** A task as the server returns it (durations in nanoseconds). */
export const taskShape = task(NanosecondsOut);
/** A task as the server returns it (durations in nanoseconds). */
export const TaskSchema: v.GenericSchema<unknown, Task> = taskShape;
/** A task group as the server returns it. */
export const taskGroupShape = taskGroup(NanosecondsOut, TaskSchema);
/** A task group as the server returns it. */
export const TaskGroupSchema: v.GenericSchema<unknown, TaskGroup> = taskGroupShape;
/** A job definition as the server returns it; unknown fields are kept. */
export const jobShape = jobDefinition(NanosecondsOut, TaskGroupSchema);
/** A job definition as the server returns it; unknown fields are kept. */
export const JobSchema: v.GenericSchema<unknown, Job> = jobShape;

/** The task and task group factories, for the request shape (request-definition.ts). */
export { task, taskGroup };
