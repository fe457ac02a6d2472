// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { Allocation } from '../allocations/types.generated.js';
import type { Deployment } from '../deployments/types.generated.js';
import type { Evaluation } from '../evaluations/types.generated.js';
import type { Job } from '../jobs/types.generated.js';
import type { Node } from '../nodes/types.generated.js';

/** Known event types; others are accepted. */
export type EventType =
  | 'ACLTokenUpserted'
  | 'ACLTokenDeleted'
  | 'ACLPolicyUpserted'
  | 'ACLPolicyDeleted'
  | 'AllocationCreated'
  | 'AllocationUpdated'
  | 'AllocationUpdateDesiredStatus'
  | 'DeploymentStatusUpdate'
  | 'DeploymentPromotion'
  | 'DeploymentAllocHealth'
  | 'EvaluationUpdated'
  | 'JobRegistered'
  | 'JobDeregistered'
  | 'JobBatchDeregistered'
  | 'NodeRegistration'
  | 'NodeDeregistration'
  | 'NodeEligibility'
  | 'NodeDrain'
  | 'NodeEvent'
  | 'PlanResult'
  | (string & Record<never, never>);

/** An ACL token as the event stream shows it (the secret is never included). */
export interface AclTokenPayload {
  [key: string]: unknown;
  AccessorID?: string | undefined;
  Name?: string | undefined;
  Type?: string | undefined;
  Policies?: string[] | null | undefined;
  Global?: boolean | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
}

/** An ACL policy as the event stream shows it. */
export interface AclPolicyPayload {
  [key: string]: unknown;
  Name?: string | undefined;
  Description?: string | undefined;
  Rules?: string | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
}

/** The fields every event carries, whatever its topic. */
export interface StreamEventFields {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
}

/** The payload of `Job` events: the job, under `Job`; other fields are kept. */
export interface JobEventPayload {
  [key: string]: unknown;
  Job?: Job | null | undefined;
}

/** The payload of `Allocation` events: the allocation, under `Allocation`; other fields are kept. */
export interface AllocationEventPayload {
  [key: string]: unknown;
  Allocation?: Allocation | null | undefined;
}

/** The payload of `Evaluation` events: the evaluation, under `Evaluation`; other fields are kept. */
export interface EvaluationEventPayload {
  [key: string]: unknown;
  Evaluation?: Evaluation | null | undefined;
}

/** The payload of `Deployment` events: the deployment, under `Deployment`; other fields are kept. */
export interface DeploymentEventPayload {
  [key: string]: unknown;
  Deployment?: Deployment | null | undefined;
}

/** The payload of `Node` and `NodeDrain` events: the node, under `Node`; other fields are kept. */
export interface NodeEventPayload {
  [key: string]: unknown;
  Node?: Node | null | undefined;
}

/** The payload of `ACLToken` events: the ACL token, under `ACLToken`; other fields are kept. */
export interface AclTokenEventPayload {
  [key: string]: unknown;
  ACLToken?: AclTokenPayload | null | undefined;
}

/** The payload of `ACLPolicy` events: the ACL policy, under `ACLPolicy`; other fields are kept. */
export interface AclPolicyEventPayload {
  [key: string]: unknown;
  ACLPolicy?: AclPolicyPayload | null | undefined;
}

/** The payload of a topic this version does not know: any object, or null. */
export type OtherPayload = Record<string, unknown> | null | undefined;

/** An event of the `Job` topic: its payload carries the job. */
export interface JobStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: 'Job';
  Payload: JobEventPayload;
}

/** An event of the `Allocation` topic: its payload carries the allocation. */
export interface AllocationStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: 'Allocation';
  Payload: AllocationEventPayload;
}

/** An event of the `Evaluation` topic: its payload carries the evaluation. */
export interface EvaluationStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: 'Evaluation';
  Payload: EvaluationEventPayload;
}

/** An event of the `Deployment` topic: its payload carries the deployment. */
export interface DeploymentStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: 'Deployment';
  Payload: DeploymentEventPayload;
}

/** An event of the `Node` topic: its payload carries the node. */
export interface NodeStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: 'Node';
  Payload: NodeEventPayload;
}

/** An event of the `NodeDrain` topic: its payload carries the node whose drain changed. */
export interface NodeDrainStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: 'NodeDrain';
  Payload: NodeEventPayload;
}

/** An event of the `ACLToken` topic: its payload carries the ACL token. */
export interface AclTokenStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: 'ACLToken';
  Payload: AclTokenEventPayload;
}

/** An event of the `ACLPolicy` topic: its payload carries the ACL policy. */
export interface AclPolicyStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: 'ACLPolicy';
  Payload: AclPolicyEventPayload;
}

/** An event of a topic this version does not know. */
export interface OtherStreamEvent {
  [key: string]: unknown;
  Type: EventType;
  /** The object's id (node id, allocation id, job id, ...). */
  Key?: string | undefined;
  Namespace?: string | undefined;
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys?: string[] | null | undefined;
  Index: number;
  Topic: string;
  Payload?: OtherPayload;
}

/**
 * One line of the stream: the events committed at one index; a heartbeat has neither field. An event
 * without an `Index` of its own has its message's.
 */
export interface EventMessage {
  [key: string]: unknown;
  Index?: number | undefined;
  Events?:
    | {
        [key: string]: unknown;
        Type: EventType;
        /** The object's id (node id, allocation id, job id, ...). */
        Key?: string | undefined;
        Namespace?: string | undefined;
        /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
        FilterKeys?: string[] | null | undefined;
        Topic: string;
        Index?: number | undefined;
      }[]
    | null
    | undefined;
}
