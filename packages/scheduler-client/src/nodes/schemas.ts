import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { Nanoseconds } from '../durations.js';
import { NetworkSchema } from '../jobs/definition.js';

const StringMap = v.record(v.string(), v.string());

/** Known scheduling eligibility values; others are accepted. */
export const SchedulingEligibilitySchema = openEnum(['eligible', 'ineligible']);
/** Known node statuses; others are accepted. */
export const NodeStatusSchema = openEnum(['initializing', 'ready', 'down', 'disconnected']);

/** What a node knows about one task driver. */
export const DriverInfoSchema = v.looseObject({
  Attributes: v.nullish(StringMap),
  Detected: v.optional(v.boolean()),
  Healthy: v.optional(v.boolean()),
  HealthDescription: v.optional(v.string()),
  UpdateTime: v.nullish(v.string()),
});

/** Something that happened to a node; the last 10 are kept. */
export const NodeEventSchema = v.looseObject({
  Message: v.optional(v.string()),
  Subsystem: v.optional(v.string()),
  Details: v.nullish(StringMap),
  /** ISO 8601. */
  Timestamp: v.nullish(v.string()),
  /** Index at which the event was committed. */
  CreateIndex: v.optional(v.number()),
});

/** The drain a node is under. */
export const DrainStrategySchema = v.looseObject({
  /** Nanoseconds allocations get to migrate before they are stopped. */
  Deadline: v.optional(v.number()),
  IgnoreSystemJobs: v.optional(v.boolean()),
  ForceDeadline: v.nullish(v.string()),
  StartedAt: v.nullish(v.string()),
});

/** A host volume a node offers. */
export const HostVolumeSchema = v.looseObject({
  Name: v.optional(v.string()),
  Path: v.optional(v.string()),
  ReadOnly: v.optional(v.boolean()),
});

/** What a node has to offer. */
export const NodeResourcesSchema = v.looseObject({
  Cpu: v.nullish(v.looseObject({ CpuShares: v.optional(v.number()) })),
  Memory: v.nullish(v.looseObject({ MemoryMB: v.optional(v.number()) })),
  Disk: v.nullish(v.looseObject({ DiskMB: v.optional(v.number()) })),
  Devices: v.nullish(v.array(v.looseObject({}))),
  Networks: v.nullish(v.array(NetworkSchema)),
  NodeNetworks: v.nullish(v.array(v.looseObject({}))),
});

/** A node as the list returns it. */
export const NodeStubSchema = v.looseObject({
  ID: v.string(),
  Name: v.optional(v.string()),
  Address: v.optional(v.string()),
  Datacenter: v.optional(v.string()),
  NodeClass: v.optional(v.string()),
  Drain: v.optional(v.boolean()),
  Drivers: v.nullish(v.record(v.string(), DriverInfoSchema)),
  SchedulingEligibility: v.optional(SchedulingEligibilitySchema),
  Status: v.optional(NodeStatusSchema),
  StatusDescription: v.optional(v.string()),
  Version: v.optional(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
  /** With `resources: true` on the list (always on a read). */
  NodeResources: v.nullish(NodeResourcesSchema),
  /** With `resources: true` on the list (always on a read). */
  ReservedResources: v.nullish(v.looseObject({})),
});

/** How the node's last drain went: `draining`, `complete` or `canceled`. */
export const LastDrainSchema = v.looseObject({
  Status: v.optional(v.string()),
  /** The token accessor that set the drain. */
  AccessorID: v.optional(v.string()),
  StartedAt: v.optional(v.string()),
  UpdatedAt: v.optional(v.string()),
  Meta: v.nullish(StringMap),
});

/** A whole node. */
export const NodeSchema = v.looseObject({
  ...NodeStubSchema.entries,
  Attributes: v.nullish(StringMap),
  ComputedClass: v.optional(v.string()),
  DrainStrategy: v.nullish(DrainStrategySchema),
  LastDrain: v.nullish(LastDrainSchema),
  Events: v.nullish(v.array(NodeEventSchema)),
  HTTPAddr: v.optional(v.string()),
  HostVolumes: v.nullish(v.record(v.string(), HostVolumeSchema)),
  Links: v.nullish(StringMap),
  Meta: v.nullish(StringMap),
  Reserved: v.nullish(v.looseObject({})),
  Resources: v.nullish(v.looseObject({})),
  SecretID: v.optional(v.string()),
  /** Unix seconds. */
  StatusUpdatedAt: v.optional(v.number()),
  TLSEnabled: v.optional(v.boolean()),
  CSIControllerPlugins: v.nullish(v.record(v.string(), v.unknown())),
  CSINodePlugins: v.nullish(v.record(v.string(), v.unknown())),
});

/** A server known to the agent that answered. */
export const ServerInfoSchema = v.looseObject({
  Datacenter: v.optional(v.string()),
  RPCAdvertiseAddr: v.optional(v.string()),
  RPCMajorVersion: v.optional(v.number()),
  RPCMinorVersion: v.optional(v.number()),
});

/** What evaluating or purging a node answers. */
export const NodeEvaluateResponseSchema = v.looseObject({
  EvalCreateIndex: v.optional(v.number()),
  EvalIDs: v.nullish(v.array(v.string())),
  HeartbeatTTL: v.optional(v.number()),
  Index: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
  LastContact: v.optional(v.number()),
  LeaderRPCAddr: v.optional(v.string()),
  NodeModifyIndex: v.optional(v.number()),
  NumNodes: v.optional(v.number()),
  Servers: v.nullish(v.array(ServerInfoSchema)),
});

/** What draining a node or changing its eligibility answers. */
export const NodeUpdateResponseSchema = v.looseObject({
  EvalCreateIndex: v.optional(v.number()),
  EvalIDs: v.nullish(v.array(v.string())),
  Index: v.optional(v.number()),
  NodeModifyIndex: v.optional(v.number()),
});

/** How to drain a node; `Deadline` (nanoseconds or text such as `"1h"`) is required. */
export const DrainSpecSchema = v.strictObject({
  /** Time allocations get to migrate before they are stopped, and batch jobs get to complete. */
  Deadline: Nanoseconds,
  /** Leave system jobs running. */
  IgnoreSystemJobs: v.optional(v.boolean()),
});

/** Body of `POST /v1/node/:node_id/drain`: a DrainSpec enables the drain, null or none disables it. */
export const DrainNodeRequestSchema = v.strictObject({
  DrainSpec: v.optional(v.nullable(DrainSpecSchema)),
  /** When disabling the drain, mark the node eligible again. */
  MarkEligible: v.optional(v.boolean()),
  /** Notes kept with the drain. */
  Meta: v.optional(v.nullable(StringMap)),
});

/** Body of `POST /v1/node/:node_id/eligibility`. */
export const NodeEligibilityRequestSchema = v.strictObject({
  Eligibility: v.picklist(['eligible', 'ineligible'], 'Eligibility must be "eligible" or "ineligible"'),
});

/** A list of node stubs, as `GET /v1/nodes` answers. */
export const NodeStubListSchema: v.ArraySchema<typeof NodeStubSchema, undefined> = v.array(NodeStubSchema);
