// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { Network } from '../jobs/types.generated.js';

/** Known scheduling eligibility values; others are accepted. */
export type SchedulingEligibility = 'eligible' | 'ineligible' | (string & Record<never, never>);

/** Known node statuses; others are accepted. */
export type NodeStatus = 'initializing' | 'ready' | 'down' | 'disconnected' | (string & Record<never, never>);

/** What a node knows about one task driver. */
export interface DriverInfo {
  [key: string]: unknown;
  Attributes?: Record<string, string> | null | undefined;
  Detected?: boolean | undefined;
  Healthy?: boolean | undefined;
  HealthDescription?: string | undefined;
  UpdateTime?: string | null | undefined;
}

/** Something that happened to a node; the last 10 are kept. */
export interface NodeEvent {
  [key: string]: unknown;
  Message?: string | undefined;
  Subsystem?: string | undefined;
  Details?: Record<string, string> | null | undefined;
  /** ISO 8601. */
  Timestamp?: string | null | undefined;
  /** Index at which the event was committed. */
  CreateIndex?: number | undefined;
}

/** The drain a node is under. */
export interface DrainStrategy {
  [key: string]: unknown;
  /** Nanoseconds allocations get to migrate before they are stopped. */
  Deadline?: number | undefined;
  IgnoreSystemJobs?: boolean | undefined;
  ForceDeadline?: string | null | undefined;
  StartedAt?: string | null | undefined;
}

/** A host volume a node offers. */
export interface HostVolume {
  [key: string]: unknown;
  Name?: string | undefined;
  Path?: string | undefined;
  ReadOnly?: boolean | undefined;
}

/** What a node has to offer. */
export interface NodeResources {
  [key: string]: unknown;
  Cpu?:
    | {
        [key: string]: unknown;
        CpuShares?: number | undefined;
      }
    | null
    | undefined;
  Memory?:
    | {
        [key: string]: unknown;
        MemoryMB?: number | undefined;
      }
    | null
    | undefined;
  Disk?:
    | {
        [key: string]: unknown;
        DiskMB?: number | undefined;
      }
    | null
    | undefined;
  Devices?: Record<string, unknown>[] | null | undefined;
  Networks?: Network[] | null | undefined;
  NodeNetworks?: Record<string, unknown>[] | null | undefined;
}

/** A node as the list returns it. */
export interface NodeStub {
  [key: string]: unknown;
  ID: string;
  Name?: string | undefined;
  Address?: string | undefined;
  Datacenter?: string | undefined;
  NodeClass?: string | undefined;
  Drain?: boolean | undefined;
  Drivers?: Record<string, DriverInfo> | null | undefined;
  SchedulingEligibility?: SchedulingEligibility | undefined;
  Status?: NodeStatus | undefined;
  StatusDescription?: string | undefined;
  Version?: string | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  /** With `resources: true` on the list (always on a read). */
  NodeResources?: NodeResources | null | undefined;
  /** With `resources: true` on the list (always on a read). */
  ReservedResources?: Record<string, unknown> | null | undefined;
}

/** How the node's last drain went: `draining`, `complete` or `canceled`. */
export interface LastDrain {
  [key: string]: unknown;
  Status?: string | undefined;
  /** The token accessor that set the drain. */
  AccessorID?: string | undefined;
  StartedAt?: string | undefined;
  UpdatedAt?: string | undefined;
  Meta?: Record<string, string> | null | undefined;
}

/** A whole node. */
export interface Node {
  [key: string]: unknown;
  ID: string;
  Name?: string | undefined;
  Address?: string | undefined;
  Datacenter?: string | undefined;
  NodeClass?: string | undefined;
  Drain?: boolean | undefined;
  Drivers?: Record<string, DriverInfo> | null | undefined;
  SchedulingEligibility?: SchedulingEligibility | undefined;
  Status?: NodeStatus | undefined;
  StatusDescription?: string | undefined;
  Version?: string | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  /** With `resources: true` on the list (always on a read). */
  NodeResources?: NodeResources | null | undefined;
  /** With `resources: true` on the list (always on a read). */
  ReservedResources?: Record<string, unknown> | null | undefined;
  Attributes?: Record<string, string> | null | undefined;
  ComputedClass?: string | undefined;
  DrainStrategy?: DrainStrategy | null | undefined;
  LastDrain?: LastDrain | null | undefined;
  Events?: NodeEvent[] | null | undefined;
  HTTPAddr?: string | undefined;
  HostVolumes?: Record<string, HostVolume> | null | undefined;
  Links?: Record<string, string> | null | undefined;
  Meta?: Record<string, string> | null | undefined;
  Reserved?: Record<string, unknown> | null | undefined;
  Resources?: Record<string, unknown> | null | undefined;
  SecretID?: string | undefined;
  /** Unix seconds. */
  StatusUpdatedAt?: number | undefined;
  TLSEnabled?: boolean | undefined;
  CSIControllerPlugins?: Record<string, unknown> | null | undefined;
  CSINodePlugins?: Record<string, unknown> | null | undefined;
}

/** A server known to the agent that answered. */
export interface ServerInfo {
  [key: string]: unknown;
  Datacenter?: string | undefined;
  RPCAdvertiseAddr?: string | undefined;
  RPCMajorVersion?: number | undefined;
  RPCMinorVersion?: number | undefined;
}

/** What evaluating or purging a node answers. */
export interface NodeEvaluateResponse {
  [key: string]: unknown;
  EvalCreateIndex?: number | undefined;
  EvalIDs?: string[] | null | undefined;
  HeartbeatTTL?: number | undefined;
  Index?: number | undefined;
  KnownLeader?: boolean | undefined;
  LastContact?: number | undefined;
  LeaderRPCAddr?: string | undefined;
  NodeModifyIndex?: number | undefined;
  NumNodes?: number | undefined;
  Servers?: ServerInfo[] | null | undefined;
}

/** What draining a node or changing its eligibility answers. */
export interface NodeUpdateResponse {
  [key: string]: unknown;
  EvalCreateIndex?: number | undefined;
  EvalIDs?: string[] | null | undefined;
  Index?: number | undefined;
  NodeModifyIndex?: number | undefined;
}

/** How to drain a node; `Deadline` (nanoseconds or text such as `"1h"`) is required. */
export interface DrainSpec {
  /** Time allocations get to migrate before they are stopped, and batch jobs get to complete. */
  Deadline: number;
  /** Leave system jobs running. */
  IgnoreSystemJobs?: boolean | undefined;
}

/** Body of `POST /v1/node/:node_id/drain`: a DrainSpec enables the drain, null or none disables it. */
export interface DrainNodeRequest {
  DrainSpec?:
    | {
        /** Time allocations get to migrate before they are stopped, and batch jobs get to complete. */
        Deadline: string | number;
        /** Leave system jobs running. */
        IgnoreSystemJobs?: boolean | undefined;
      }
    | null
    | undefined;
  /** When disabling the drain, mark the node eligible again. */
  MarkEligible?: boolean | undefined;
  /** Notes kept with the drain. */
  Meta?: Record<string, string> | null | undefined;
}

/** Body of `POST /v1/node/:node_id/eligibility`. */
export interface NodeEligibilityRequest {
  Eligibility: 'eligible' | 'ineligible';
}

/** A list of node stubs, as `GET /v1/nodes` answers. */
export type NodeStubList = NodeStub[];
