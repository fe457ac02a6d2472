import { openEnum } from '@infra-sdk/core';
import * as v from 'valibot';
import { Nanoseconds } from '../durations.js';
import { Network } from '../jobs/definition.js';

const StringMap = v.record(v.string(), v.string());

/** Known scheduling eligibility values; others are accepted. */
export const SchedulingEligibilitySchema = openEnum(['eligible', 'ineligible']);
/** @deprecated Use `SchedulingEligibilitySchema`. */
export const SchedulingEligibility: typeof SchedulingEligibilitySchema = SchedulingEligibilitySchema;
/** Known scheduling eligibility values; others are accepted. */
export type SchedulingEligibility = v.InferOutput<typeof SchedulingEligibilitySchema>;
/** Known node statuses; others are accepted. */
export const NodeStatusSchema = openEnum(['initializing', 'ready', 'down', 'disconnected']);
/** @deprecated Use `NodeStatusSchema`. */
export const NodeStatus: typeof NodeStatusSchema = NodeStatusSchema;
/** Known node statuses; others are accepted. */
export type NodeStatus = v.InferOutput<typeof NodeStatusSchema>;

/* @__NO_SIDE_EFFECTS__ */
function driverInfoSchema() {
  return v.looseObject({
    Attributes: v.nullish(StringMap),
    Detected: v.optional(v.boolean()),
    Healthy: v.optional(v.boolean()),
    HealthDescription: v.optional(v.string()),
    UpdateTime: v.nullish(v.string()),
  });
}
/** The schema type of `DriverInfo`, named so that declarations stay small. */
export interface DriverInfoSchema extends ReturnType<typeof driverInfoSchema> {}
/** What a node knows about one task driver. */
export const DriverInfoSchema: DriverInfoSchema = driverInfoSchema();
/** @deprecated Use `DriverInfoSchema`. */
export const DriverInfo: DriverInfoSchema = DriverInfoSchema;

/* @__NO_SIDE_EFFECTS__ */
function nodeEventSchema() {
  return v.looseObject({
    Message: v.optional(v.string()),
    Subsystem: v.optional(v.string()),
    Details: v.nullish(StringMap),
    /** ISO 8601. */
    Timestamp: v.nullish(v.string()),
    /** Index at which the event was committed. */
    CreateIndex: v.optional(v.number()),
  });
}
/** The schema type of `NodeEvent`, named so that declarations stay small. */
export interface NodeEventSchema extends ReturnType<typeof nodeEventSchema> {}
/** Something that happened to a node; the last 10 are kept. */
export const NodeEventSchema: NodeEventSchema = nodeEventSchema();
/** @deprecated Use `NodeEventSchema`. */
export const NodeEvent: NodeEventSchema = NodeEventSchema;

/** The drain a node is under. */
export const DrainStrategySchema = v.looseObject({
  /** Nanoseconds allocations get to migrate before they are stopped. */
  Deadline: v.optional(v.number()),
  IgnoreSystemJobs: v.optional(v.boolean()),
  ForceDeadline: v.nullish(v.string()),
  StartedAt: v.nullish(v.string()),
});
/** @deprecated Use `DrainStrategySchema`. */
export const DrainStrategy: typeof DrainStrategySchema = DrainStrategySchema;

/** A host volume a node offers. */
export const HostVolumeSchema = v.looseObject({
  Name: v.optional(v.string()),
  Path: v.optional(v.string()),
  ReadOnly: v.optional(v.boolean()),
});
/** @deprecated Use `HostVolumeSchema`. */
export const HostVolume: typeof HostVolumeSchema = HostVolumeSchema;
/** A host volume a node offers. */
export interface HostVolume extends v.InferOutput<typeof HostVolumeSchema> {}

/** What a node has to offer. */
export const NodeResourcesSchema = v.looseObject({
  Cpu: v.nullish(v.looseObject({ CpuShares: v.optional(v.number()) })),
  Memory: v.nullish(v.looseObject({ MemoryMB: v.optional(v.number()) })),
  Disk: v.nullish(v.looseObject({ DiskMB: v.optional(v.number()) })),
  Devices: v.nullish(v.array(v.looseObject({}))),
  Networks: v.nullish(v.array(Network)),
  NodeNetworks: v.nullish(v.array(v.looseObject({}))),
});
/** @deprecated Use `NodeResourcesSchema`. */
export const NodeResources: typeof NodeResourcesSchema = NodeResourcesSchema;
/** What a node has to offer. */
export interface NodeResources extends v.InferOutput<typeof NodeResourcesSchema> {}

/* @__NO_SIDE_EFFECTS__ */
function nodeStubSchema() {
  return v.looseObject({
    ID: v.string(),
    Name: v.optional(v.string()),
    Address: v.optional(v.string()),
    Datacenter: v.optional(v.string()),
    NodeClass: v.optional(v.string()),
    Drain: v.optional(v.boolean()),
    Drivers: v.nullish(v.record(v.string(), DriverInfo)),
    SchedulingEligibility: v.optional(SchedulingEligibility),
    Status: v.optional(NodeStatus),
    StatusDescription: v.optional(v.string()),
    Version: v.optional(v.string()),
    CreateIndex: v.optional(v.number()),
    ModifyIndex: v.optional(v.number()),
  });
}
/** The schema type of `NodeStub`, named so that declarations stay small. */
export interface NodeStubSchema extends ReturnType<typeof nodeStubSchema> {}
/** A node as the list returns it. */
export const NodeStubSchema: NodeStubSchema = nodeStubSchema();
/** @deprecated Use `NodeStubSchema`. */
export const NodeStub: NodeStubSchema = NodeStubSchema;

/* @__NO_SIDE_EFFECTS__ */
function nodeSchema() {
  return v.looseObject({
    ...NodeStub.entries,
    Attributes: v.nullish(StringMap),
    ComputedClass: v.optional(v.string()),
    DrainStrategy: v.nullish(DrainStrategy),
    Events: v.nullish(v.array(NodeEvent)),
    HTTPAddr: v.optional(v.string()),
    HostVolumes: v.nullish(v.record(v.string(), HostVolume)),
    Links: v.nullish(StringMap),
    Meta: v.nullish(StringMap),
    NodeResources: v.nullish(NodeResources),
    Reserved: v.nullish(v.looseObject({})),
    ReservedResources: v.nullish(v.looseObject({})),
    Resources: v.nullish(v.looseObject({})),
    SecretID: v.optional(v.string()),
    /** Unix seconds. */
    StatusUpdatedAt: v.optional(v.number()),
    TLSEnabled: v.optional(v.boolean()),
    CSIControllerPlugins: v.nullish(v.record(v.string(), v.unknown())),
    CSINodePlugins: v.nullish(v.record(v.string(), v.unknown())),
  });
}
/** The schema type of `Node`, named so that declarations stay small. */
export interface NodeSchema extends ReturnType<typeof nodeSchema> {}
/** A whole node. */
export const NodeSchema: NodeSchema = nodeSchema();
/** @deprecated Use `NodeSchema`. */
export const Node: NodeSchema = NodeSchema;

/** A server known to the agent that answered. */
export const ServerInfoSchema = v.looseObject({
  Datacenter: v.optional(v.string()),
  RPCAdvertiseAddr: v.optional(v.string()),
  RPCMajorVersion: v.optional(v.number()),
  RPCMinorVersion: v.optional(v.number()),
});
/** @deprecated Use `ServerInfoSchema`. */
export const ServerInfo: typeof ServerInfoSchema = ServerInfoSchema;
/** A server known to the agent that answered. */
export interface ServerInfo extends v.InferOutput<typeof ServerInfoSchema> {}

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
  Servers: v.nullish(v.array(ServerInfo)),
});
/** @deprecated Use `NodeEvaluateResponseSchema`. */
export const NodeEvaluateResponse: typeof NodeEvaluateResponseSchema = NodeEvaluateResponseSchema;

/** What draining a node or changing its eligibility answers. */
export const NodeUpdateResponseSchema = v.looseObject({
  EvalCreateIndex: v.optional(v.number()),
  EvalIDs: v.nullish(v.array(v.string())),
  Index: v.optional(v.number()),
  NodeModifyIndex: v.optional(v.number()),
});
/** @deprecated Use `NodeUpdateResponseSchema`. */
export const NodeUpdateResponse: typeof NodeUpdateResponseSchema = NodeUpdateResponseSchema;

/** How to drain a node; `Deadline` (nanoseconds or text such as `"1h"`) is required. */
export const DrainSpecSchema = v.strictObject({
  /** Time allocations get to migrate before they are stopped, and batch jobs get to complete. */
  Deadline: Nanoseconds,
  /** Leave system jobs running. */
  IgnoreSystemJobs: v.optional(v.boolean()),
});
/** @deprecated Use `DrainSpecSchema`. */
export const DrainSpec: typeof DrainSpecSchema = DrainSpecSchema;
/** How to drain a node; `Deadline` (nanoseconds or text such as `"1h"`) is required. */
export interface DrainSpec extends v.InferOutput<typeof DrainSpecSchema> {}

/** Body of `POST /v1/node/:node_id/drain`: a DrainSpec enables the drain, null or none disables it. */
export const DrainNodeRequestSchema = v.strictObject({
  DrainSpec: v.optional(v.nullable(DrainSpec)),
  /** When disabling the drain, mark the node eligible again. */
  MarkEligible: v.optional(v.boolean()),
  /** Notes kept with the drain. */
  Meta: v.optional(v.nullable(StringMap)),
});
/** @deprecated Use `DrainNodeRequestSchema`. */
export const DrainNodeRequest: typeof DrainNodeRequestSchema = DrainNodeRequestSchema;

/** Body of `POST /v1/node/:node_id/eligibility`. */
export const NodeEligibilityRequestSchema = v.strictObject({
  Eligibility: v.picklist(['eligible', 'ineligible'], 'Eligibility must be "eligible" or "ineligible"'),
});
/** @deprecated Use `NodeEligibilityRequestSchema`. */
export const NodeEligibilityRequest: typeof NodeEligibilityRequestSchema = NodeEligibilityRequestSchema;

/** A list of node stubs, as `GET /v1/nodes` answers. */
export const NodeStubListSchema = v.array(NodeStub);
/** @deprecated Use `NodeStubListSchema`. */
export const NodeStubList: typeof NodeStubListSchema = NodeStubListSchema;
/** A list of node stubs, as `GET /v1/nodes` answers. */
export type NodeStubList = NodeStub[];

/** What a node knows about one task driver. */
export interface DriverInfo extends v.InferOutput<typeof DriverInfoSchema> {}
/** Something that happened to a node; the last 10 are kept. */
export interface NodeEvent extends v.InferOutput<typeof NodeEventSchema> {}
/** The drain a node is under. */
export interface DrainStrategy extends v.InferOutput<typeof DrainStrategySchema> {}
/** A node as the list returns it. */
export interface NodeStub extends v.InferOutput<typeof NodeStubSchema> {}
/** A whole node. */
export interface Node extends v.InferOutput<typeof NodeSchema> {}
/** What evaluating or purging a node answers. */
export interface NodeEvaluateResponse extends v.InferOutput<typeof NodeEvaluateResponseSchema> {}
/** What draining a node or changing its eligibility answers. */
export interface NodeUpdateResponse extends v.InferOutput<typeof NodeUpdateResponseSchema> {}
/** Body of `POST /v1/node/:node_id/drain`: a DrainSpec enables the drain, null or none disables it. */
export interface DrainNodeRequest extends v.InferInput<typeof DrainNodeRequestSchema> {}
/** Body of `POST /v1/node/:node_id/eligibility`. */
export interface NodeEligibilityRequest extends v.InferInput<typeof NodeEligibilityRequestSchema> {}
