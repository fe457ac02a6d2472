// Event-stream messages. Each topic has its own payload: an object holding one resource under the
// topic's name (`Payload.Job`, `Payload.Node`, ...). Topics this version does not know decode as
// `OtherStreamEvent`, so a newer server's events are still delivered.

import { openEnum } from '@infra-sdk/core';
import * as v from 'valibot';
import { type Allocation, AllocationSchema } from '../allocations/schemas.js';
import { type Deployment, DeploymentSchema } from '../deployments/schemas.js';
import { type Evaluation, EvaluationSchema } from '../evaluations/schemas.js';
import { type Job, JobSchema } from '../jobs/definition.js';
import { type Node, NodeSchema } from '../nodes/schemas.js';

/** Known event types; others are accepted. */
export const EventTypeSchema = openEnum([
  'ACLTokenUpserted',
  'ACLTokenDeleted',
  'ACLPolicyUpserted',
  'ACLPolicyDeleted',
  'AllocationCreated',
  'AllocationUpdated',
  'AllocationUpdateDesiredStatus',
  'DeploymentStatusUpdate',
  'DeploymentPromotion',
  'DeploymentAllocHealth',
  'EvaluationUpdated',
  'JobRegistered',
  'JobDeregistered',
  'JobBatchDeregistered',
  'NodeRegistration',
  'NodeDeregistration',
  'NodeEligibility',
  'NodeDrain',
  'NodeEvent',
  'PlanResult',
]);
/** Known event types; others are accepted. */
export type EventType = v.InferOutput<typeof EventTypeSchema>;

/** An ACL token as the event stream shows it (the secret is never included). */
export const AclTokenPayloadSchema = v.looseObject({
  AccessorID: v.optional(v.string()),
  Name: v.optional(v.string()),
  Type: v.optional(v.string()),
  Policies: v.nullish(v.array(v.string())),
  Global: v.optional(v.boolean()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
});
/** An ACL token as the event stream shows it (the secret is never included). */
export interface AclTokenPayload extends v.InferOutput<typeof AclTokenPayloadSchema> {}

/** An ACL policy as the event stream shows it. */
export const AclPolicyPayloadSchema = v.looseObject({
  Name: v.optional(v.string()),
  Description: v.optional(v.string()),
  Rules: v.optional(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
});
/** An ACL policy as the event stream shows it. */
export interface AclPolicyPayload extends v.InferOutput<typeof AclPolicyPayloadSchema> {}

// The envelope of every event, whatever its topic: one definition for the typed events and the stream's lines.
const Index = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const envelope = {
  Type: EventTypeSchema,
  /** The object's id (node id, allocation id, job id, ...). */
  Key: v.optional(v.string()),
  Namespace: v.optional(v.string()),
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys: v.nullish(v.array(v.string())),
  Index,
};

/* @__NO_SIDE_EFFECTS__ */
function topicEvent<const T extends string, P extends v.GenericSchema>(topic: T, payload: P) {
  return v.looseObject({ ...envelope, Topic: v.literal(topic), Payload: payload });
}

// The payload of each topic, built once and shared by the event schemas and the stream's validation.
const JobPayload = v.looseObject({ Job: v.nullish(JobSchema) });
const AllocationPayload = v.looseObject({ Allocation: v.nullish(AllocationSchema) });
const EvaluationPayload = v.looseObject({ Evaluation: v.nullish(EvaluationSchema) });
const DeploymentPayload = v.looseObject({ Deployment: v.nullish(DeploymentSchema) });
const NodePayload = v.looseObject({ Node: v.nullish(NodeSchema) });
const AclTokenTopicPayload = v.looseObject({ ACLToken: v.nullish(AclTokenPayloadSchema) });
const AclPolicyTopicPayload = v.looseObject({ ACLPolicy: v.nullish(AclPolicyPayloadSchema) });
/** The payload of a topic this version does not know: any object, or null. */
export const OtherPayloadSchema = v.nullish(v.record(v.string(), v.unknown()));
/** The payload of a topic this version does not know: any object, or null. */
export type OtherPayload = v.InferOutput<typeof OtherPayloadSchema>;

/** Schema of a `Job` event, whose payload carries the job. */
export const JobStreamEventSchema = topicEvent('Job', JobPayload);
/** Schema of an `Allocation` event, whose payload carries the allocation. */
export const AllocationStreamEventSchema = topicEvent('Allocation', AllocationPayload);
/** Schema of an `Evaluation` event, whose payload carries the evaluation. */
export const EvaluationStreamEventSchema = topicEvent('Evaluation', EvaluationPayload);
/** Schema of a `Deployment` event, whose payload carries the deployment. */
export const DeploymentStreamEventSchema = topicEvent('Deployment', DeploymentPayload);
/** Schema of a `Node` event, whose payload carries the node. */
export const NodeStreamEventSchema = topicEvent('Node', NodePayload);
/** Schema of a `NodeDrain` event, whose payload carries the node whose drain changed. */
export const NodeDrainStreamEventSchema = topicEvent('NodeDrain', NodePayload);
/** Schema of an `ACLToken` event, whose payload carries the ACL token. */
export const AclTokenStreamEventSchema = topicEvent('ACLToken', AclTokenTopicPayload);
/** Schema of an `ACLPolicy` event, whose payload carries the ACL policy. */
export const AclPolicyStreamEventSchema = topicEvent('ACLPolicy', AclPolicyTopicPayload);
/** An event of a topic this version does not know. */
export const OtherStreamEventSchema = v.looseObject({
  ...envelope,
  Topic: v.string(),
  Payload: OtherPayloadSchema,
});
/** An event of a topic this version does not know. */
export interface OtherStreamEvent extends v.InferOutput<typeof OtherStreamEventSchema> {}

/** The payload schema of each known topic; other topics' payloads are checked with `OtherPayload`. */
export const payloadSchemas: ReadonlyMap<string, v.GenericSchema> = /* @__PURE__ */ new Map<
  string,
  v.GenericSchema
>([
  ['Job', JobPayload],
  ['Allocation', AllocationPayload],
  ['Evaluation', EvaluationPayload],
  ['Deployment', DeploymentPayload],
  ['Node', NodePayload],
  ['NodeDrain', NodePayload],
  ['ACLToken', AclTokenTopicPayload],
  ['ACLPolicy', AclPolicyTopicPayload],
]);

/** The schema of each known topic's events. */
// Typed by reference, so that the declarations name each event schema rather than repeat it.
export const streamEventSchemas: {
  readonly Job: typeof JobStreamEventSchema;
  readonly Allocation: typeof AllocationStreamEventSchema;
  readonly Evaluation: typeof EvaluationStreamEventSchema;
  readonly Deployment: typeof DeploymentStreamEventSchema;
  readonly Node: typeof NodeStreamEventSchema;
  readonly NodeDrain: typeof NodeDrainStreamEventSchema;
  readonly ACLToken: typeof AclTokenStreamEventSchema;
  readonly ACLPolicy: typeof AclPolicyStreamEventSchema;
} = {
  Job: JobStreamEventSchema,
  Allocation: AllocationStreamEventSchema,
  Evaluation: EvaluationStreamEventSchema,
  Deployment: DeploymentStreamEventSchema,
  Node: NodeStreamEventSchema,
  NodeDrain: NodeDrainStreamEventSchema,
  ACLToken: AclTokenStreamEventSchema,
  ACLPolicy: AclPolicyStreamEventSchema,
};

/** A topic of the event stream. */
export type EventTopic = keyof typeof streamEventSchemas;

// The event types are written from the common fields and each topic's payload rather than inferred
// from the whole event schema: inferring an event that embeds a job, an allocation or a node from its
// schema nests too many instantiations for the compiler (TS2589) once a user reads a field of it.

/** The fields every event carries, whatever its topic. */
export interface StreamEventFields extends v.InferOutput<v.LooseObjectSchema<typeof envelope, undefined>> {}

/** The payload of `Job` events: the job, under `Job`; other fields are kept. */
export interface JobEventPayload {
  [key: string]: unknown;
  Job?: Job | null | undefined;
}

/** An event of the `Job` topic: its payload carries the job. */
export interface JobStreamEvent extends StreamEventFields {
  Topic: 'Job';
  Payload: JobEventPayload;
}

/** The payload of `Allocation` events: the allocation, under `Allocation`; other fields are kept. */
export interface AllocationEventPayload {
  [key: string]: unknown;
  Allocation?: Allocation | null | undefined;
}

/** An event of the `Allocation` topic: its payload carries the allocation. */
export interface AllocationStreamEvent extends StreamEventFields {
  Topic: 'Allocation';
  Payload: AllocationEventPayload;
}

/** The payload of `Evaluation` events: the evaluation, under `Evaluation`; other fields are kept. */
export interface EvaluationEventPayload {
  [key: string]: unknown;
  Evaluation?: Evaluation | null | undefined;
}

/** An event of the `Evaluation` topic: its payload carries the evaluation. */
export interface EvaluationStreamEvent extends StreamEventFields {
  Topic: 'Evaluation';
  Payload: EvaluationEventPayload;
}

/** The payload of `Deployment` events: the deployment, under `Deployment`; other fields are kept. */
export interface DeploymentEventPayload {
  [key: string]: unknown;
  Deployment?: Deployment | null | undefined;
}

/** An event of the `Deployment` topic: its payload carries the deployment. */
export interface DeploymentStreamEvent extends StreamEventFields {
  Topic: 'Deployment';
  Payload: DeploymentEventPayload;
}

/** The payload of `Node` and `NodeDrain` events: the node, under `Node`; other fields are kept. */
export interface NodeEventPayload {
  [key: string]: unknown;
  Node?: Node | null | undefined;
}

/** An event of the `Node` topic: its payload carries the node. */
export interface NodeStreamEvent extends StreamEventFields {
  Topic: 'Node';
  Payload: NodeEventPayload;
}

/** An event of the `NodeDrain` topic: its payload carries the node whose drain changed. */
export interface NodeDrainStreamEvent extends StreamEventFields {
  Topic: 'NodeDrain';
  Payload: NodeEventPayload;
}

/** The payload of `ACLToken` events: the ACL token, under `ACLToken`; other fields are kept. */
export interface AclTokenEventPayload {
  [key: string]: unknown;
  ACLToken?: AclTokenPayload | null | undefined;
}

/** An event of the `ACLToken` topic: its payload carries the ACL token. */
export interface AclTokenStreamEvent extends StreamEventFields {
  Topic: 'ACLToken';
  Payload: AclTokenEventPayload;
}

/** The payload of `ACLPolicy` events: the ACL policy, under `ACLPolicy`; other fields are kept. */
export interface AclPolicyEventPayload {
  [key: string]: unknown;
  ACLPolicy?: AclPolicyPayload | null | undefined;
}

/** An event of the `ACLPolicy` topic: its payload carries the ACL policy. */
export interface AclPolicyStreamEvent extends StreamEventFields {
  Topic: 'ACLPolicy';
  Payload: AclPolicyEventPayload;
}

/** The event type of each known topic. */
export interface StreamEventMap {
  Job: JobStreamEvent;
  Allocation: AllocationStreamEvent;
  Evaluation: EvaluationStreamEvent;
  Deployment: DeploymentStreamEvent;
  Node: NodeStreamEvent;
  NodeDrain: NodeDrainStreamEvent;
  ACLToken: AclTokenStreamEvent;
  ACLPolicy: AclPolicyStreamEvent;
}

/** Any event: one of a known topic, or one of a topic this version does not know. */
export type StreamEvent = StreamEventMap[EventTopic] | OtherStreamEvent;

/** The events a subscription to topics `T` can deliver. */
export type StreamEventOf<T extends string> = T extends EventTopic ? StreamEventMap[T] : StreamEvent;

/**
 * One line of the stream: the events committed at one index; a heartbeat has neither field. An event
 * without an `Index` of its own has its message's.
 */
export const EventMessageSchema = v.looseObject({
  Index: v.optional(Index),
  Events: v.nullish(v.array(v.looseObject({ ...envelope, Topic: v.string(), Index: v.optional(Index) }))),
});
/** One line of the stream: the events committed at one index; a heartbeat has neither field. */
export interface EventMessage extends v.InferOutput<typeof EventMessageSchema> {}

/** True when `event` belongs to `topic`; narrows its payload type. */
export function isTopic<T extends EventTopic>(event: StreamEvent, topic: T): event is StreamEventMap[T] {
  return event.Topic === topic;
}
