// Event-stream messages. Each topic has its own payload: an object holding one resource under the
// topic's name (`Payload.Job`, `Payload.Node`, ...). Topics this version does not know decode as
// `OtherStreamEvent`, so a newer server's events are still delivered.
import * as v from 'valibot';
import { Allocation } from '../allocations/schemas.js';
import { Deployment } from '../deployments/schemas.js';
import { Evaluation } from '../evaluations/schemas.js';
import { Job } from '../jobs/definition.js';
import { Node } from '../nodes/schemas.js';
import { openEnum } from '../open-enum.js';

/** Known event types; others are accepted. */
export const EventType = openEnum([
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

/** An ACL token as the event stream shows it (the secret is never included). */
export const AclTokenPayload = v.looseObject({
  AccessorID: v.optional(v.string()),
  Name: v.optional(v.string()),
  Type: v.optional(v.string()),
  Policies: v.nullish(v.array(v.string())),
  Global: v.optional(v.boolean()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
});

/** An ACL policy as the event stream shows it. */
export const AclPolicyPayload = v.looseObject({
  Name: v.optional(v.string()),
  Description: v.optional(v.string()),
  Rules: v.optional(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
});

const base = {
  Type: EventType,
  /** The object's id (node id, allocation id, job id, ...). */
  Key: v.optional(v.string()),
  Namespace: v.optional(v.string()),
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys: v.nullish(v.array(v.string())),
  Index: v.number(),
};

/* @__NO_SIDE_EFFECTS__ */
function topicEvent<const T extends string, P extends v.GenericSchema>(topic: T, payload: P) {
  return v.looseObject({ ...base, Topic: v.literal(topic), Payload: payload });
}

// The payload of each topic, built once and shared by the event schemas and the stream's validation.
const JobPayload = v.looseObject({ Job: v.nullish(Job) });
const AllocationPayload = v.looseObject({ Allocation: v.nullish(Allocation) });
const EvaluationPayload = v.looseObject({ Evaluation: v.nullish(Evaluation) });
const DeploymentPayload = v.looseObject({ Deployment: v.nullish(Deployment) });
const NodePayload = v.looseObject({ Node: v.nullish(Node) });
const AclTokenTopicPayload = v.looseObject({ ACLToken: v.nullish(AclTokenPayload) });
const AclPolicyTopicPayload = v.looseObject({ ACLPolicy: v.nullish(AclPolicyPayload) });
/** The payload of a topic this version does not know: any object, or null. */
export const OtherPayload = v.nullish(v.record(v.string(), v.unknown()));

/** Schema of a `Job` event, whose payload carries the job. */
export const JobStreamEvent = topicEvent('Job', JobPayload);
/** Schema of an `Allocation` event, whose payload carries the allocation. */
export const AllocationStreamEvent = topicEvent('Allocation', AllocationPayload);
/** Schema of an `Evaluation` event, whose payload carries the evaluation. */
export const EvaluationStreamEvent = topicEvent('Evaluation', EvaluationPayload);
/** Schema of a `Deployment` event, whose payload carries the deployment. */
export const DeploymentStreamEvent = topicEvent('Deployment', DeploymentPayload);
/** Schema of a `Node` event, whose payload carries the node. */
export const NodeStreamEvent = topicEvent('Node', NodePayload);
/** Schema of a `NodeDrain` event, whose payload carries the node whose drain changed. */
export const NodeDrainStreamEvent = topicEvent('NodeDrain', NodePayload);
/** Schema of an `ACLToken` event, whose payload carries the ACL token. */
export const AclTokenStreamEvent = topicEvent('ACLToken', AclTokenTopicPayload);
/** Schema of an `ACLPolicy` event, whose payload carries the ACL policy. */
export const AclPolicyStreamEvent = topicEvent('ACLPolicy', AclPolicyTopicPayload);
/** An event of a topic this version does not know. */
export const OtherStreamEvent = v.looseObject({
  ...base,
  Topic: v.string(),
  Payload: OtherPayload,
});

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
export const streamEventSchemas = {
  Job: JobStreamEvent,
  Allocation: AllocationStreamEvent,
  Evaluation: EvaluationStreamEvent,
  Deployment: DeploymentStreamEvent,
  Node: NodeStreamEvent,
  NodeDrain: NodeDrainStreamEvent,
  ACLToken: AclTokenStreamEvent,
  ACLPolicy: AclPolicyStreamEvent,
} as const;

/** A topic of the event stream. */
export type EventTopic = keyof typeof streamEventSchemas;

/** An ACL token as the event stream shows it (the secret is never included). */
export interface AclTokenPayload extends v.InferOutput<typeof AclTokenPayload> {}
/** An ACL policy as the event stream shows it. */
export interface AclPolicyPayload extends v.InferOutput<typeof AclPolicyPayload> {}

/** The payload of a `Job` events: the job. */
export interface JobEventPayload extends v.InferOutput<typeof JobPayload> {
  Job?: Job | null | undefined;
}

/** An event of the `Job` topic. */
export interface JobStreamEvent extends v.InferOutput<typeof JobStreamEvent> {
  Payload: JobEventPayload;
}

/** The payload of a `Allocation` events: the allocation. */
export interface AllocationEventPayload extends v.InferOutput<typeof AllocationPayload> {
  Allocation?: Allocation | null | undefined;
}

/** An event of the `Allocation` topic. */
export interface AllocationStreamEvent extends v.InferOutput<typeof AllocationStreamEvent> {
  Payload: AllocationEventPayload;
}

/** The payload of a `Evaluation` events: the evaluation. */
export interface EvaluationEventPayload extends v.InferOutput<typeof EvaluationPayload> {
  Evaluation?: Evaluation | null | undefined;
}

/** An event of the `Evaluation` topic. */
export interface EvaluationStreamEvent extends v.InferOutput<typeof EvaluationStreamEvent> {
  Payload: EvaluationEventPayload;
}

/** The payload of a `Deployment` events: the deployment. */
export interface DeploymentEventPayload extends v.InferOutput<typeof DeploymentPayload> {
  Deployment?: Deployment | null | undefined;
}

/** An event of the `Deployment` topic. */
export interface DeploymentStreamEvent extends v.InferOutput<typeof DeploymentStreamEvent> {
  Payload: DeploymentEventPayload;
}

/** The payload of `Node` and `NodeDrain` events: the node. */
export interface NodeEventPayload extends v.InferOutput<typeof NodePayload> {
  Node?: Node | null | undefined;
}

/** An event of the `Node` topic. */
export interface NodeStreamEvent extends v.InferOutput<typeof NodeStreamEvent> {
  Payload: NodeEventPayload;
}

/** An event of the `NodeDrain` topic. */
export interface NodeDrainStreamEvent extends v.InferOutput<typeof NodeDrainStreamEvent> {
  Payload: NodeEventPayload;
}

/** The payload of a `ACLToken` events: the ACL token. */
export interface AclTokenEventPayload extends v.InferOutput<typeof AclTokenTopicPayload> {
  ACLToken?: AclTokenPayload | null | undefined;
}

/** An event of the `ACLToken` topic. */
export interface AclTokenStreamEvent extends v.InferOutput<typeof AclTokenStreamEvent> {
  Payload: AclTokenEventPayload;
}

/** The payload of a `ACLPolicy` events: the ACL policy. */
export interface AclPolicyEventPayload extends v.InferOutput<typeof AclPolicyTopicPayload> {
  ACLPolicy?: AclPolicyPayload | null | undefined;
}

/** An event of the `ACLPolicy` topic. */
export interface AclPolicyStreamEvent extends v.InferOutput<typeof AclPolicyStreamEvent> {
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

/** An event of a topic this version does not know. */
export interface OtherStreamEvent extends v.InferOutput<typeof OtherStreamEvent> {}

/** Any event: one of a known topic, or one of a topic this version does not know. */
export type StreamEvent = StreamEventMap[EventTopic] | OtherStreamEvent;

/** The events a subscription to topics `T` can deliver. */
export type StreamEventOf<T extends string> = T extends EventTopic ? StreamEventMap[T] : StreamEvent;

/** One line of the stream: the events committed at one index; a heartbeat has neither field. */
export const EventMessage = v.looseObject({
  Index: v.optional(v.number()),
  Events: v.nullish(v.array(v.looseObject({ Topic: v.string() }))),
});

/** True when `event` belongs to `topic`; narrows its payload type. */
export function isTopic<T extends EventTopic>(event: StreamEvent, topic: T): event is StreamEventMap[T] {
  return event.Topic === topic;
}
