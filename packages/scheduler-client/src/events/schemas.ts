// Event-stream messages. Each topic has its own payload: an object holding one resource under the
// topic's name (`Payload.Job`, `Payload.Node`, ...). Topics this version does not know decode as
// `OtherStreamEvent`, so a newer server's events are still delivered.

import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { AllocationSchema } from '../allocations/schemas.js';
import { DeploymentSchema } from '../deployments/schemas.js';
import { EvaluationSchema } from '../evaluations/schemas.js';
import { JobSchema } from '../jobs/definition.js';
import { NodeSchema } from '../nodes/schemas.js';

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

/** An ACL policy as the event stream shows it. */
export const AclPolicyPayloadSchema = v.looseObject({
  Name: v.optional(v.string()),
  Description: v.optional(v.string()),
  Rules: v.optional(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
});

// The envelope of every event, whatever its topic: one definition for the typed events and the stream's lines.
const Index = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** The fields every event carries, whatever its topic. */
export const envelope = {
  Type: EventTypeSchema,
  /** The object's id (node id, allocation id, job id, ...). */
  Key: v.optional(v.string()),
  Namespace: v.optional(v.string()),
  /** Further keys a topic filter matches (for allocations: the job id and deployment id). */
  FilterKeys: v.nullish(v.array(v.string())),
  Index,
};

/** The schema of the events of one topic: the envelope's fields, `Topic`, and the topic's payload. */
export type TopicEventSchema<T extends string, P extends v.GenericSchema> = ReturnType<
  typeof topicEvent<T, P>
>;

/* @__NO_SIDE_EFFECTS__ */
function topicEvent<const T extends string, P extends v.GenericSchema>(topic: T, payload: P) {
  return v.looseObject({ ...envelope, Topic: v.literal(topic), Payload: payload });
}

// The payload of each topic, built once and shared by the event schemas and the stream's validation.
// Typed by reference (here and in the event schemas), so that the declarations name each resource's
// schema rather than repeat it.
/** The schema of a payload that holds one resource under `K`. */
export type EventPayloadSchema<K extends string, S extends v.GenericSchema> = v.LooseObjectSchema<
  { readonly [key in K]: v.NullishSchema<S, undefined> },
  undefined
>;
/** The payload of `Job` events: the job, under `Job`; other fields are kept. */
export const JobEventPayloadSchema: EventPayloadSchema<'Job', typeof JobSchema> = v.looseObject({
  Job: v.nullish(JobSchema),
});
/** The payload of `Allocation` events: the allocation, under `Allocation`; other fields are kept. */
export const AllocationEventPayloadSchema: EventPayloadSchema<'Allocation', typeof AllocationSchema> =
  v.looseObject({
    Allocation: v.nullish(AllocationSchema),
  });
/** The payload of `Evaluation` events: the evaluation, under `Evaluation`; other fields are kept. */
export const EvaluationEventPayloadSchema: EventPayloadSchema<'Evaluation', typeof EvaluationSchema> =
  v.looseObject({
    Evaluation: v.nullish(EvaluationSchema),
  });
/** The payload of `Deployment` events: the deployment, under `Deployment`; other fields are kept. */
export const DeploymentEventPayloadSchema: EventPayloadSchema<'Deployment', typeof DeploymentSchema> =
  v.looseObject({
    Deployment: v.nullish(DeploymentSchema),
  });
/** The payload of `Node` and `NodeDrain` events: the node, under `Node`; other fields are kept. */
export const NodeEventPayloadSchema: EventPayloadSchema<'Node', typeof NodeSchema> = v.looseObject({
  Node: v.nullish(NodeSchema),
});
/** The payload of `ACLToken` events: the ACL token, under `ACLToken`; other fields are kept. */
export const AclTokenEventPayloadSchema: EventPayloadSchema<'ACLToken', typeof AclTokenPayloadSchema> =
  v.looseObject({
    ACLToken: v.nullish(AclTokenPayloadSchema),
  });
/** The payload of `ACLPolicy` events: the ACL policy, under `ACLPolicy`; other fields are kept. */
export const AclPolicyEventPayloadSchema: EventPayloadSchema<'ACLPolicy', typeof AclPolicyPayloadSchema> =
  v.looseObject({
    ACLPolicy: v.nullish(AclPolicyPayloadSchema),
  });
/** The payload of a topic this version does not know: any object, or null. */
export const OtherPayloadSchema = v.nullish(v.record(v.string(), v.unknown()));

/** An event of the `Job` topic: its payload carries the job. */
export const JobStreamEventSchema: TopicEventSchema<'Job', typeof JobEventPayloadSchema> = topicEvent(
  'Job',
  JobEventPayloadSchema,
);
/** An event of the `Allocation` topic: its payload carries the allocation. */
export const AllocationStreamEventSchema: TopicEventSchema<
  'Allocation',
  typeof AllocationEventPayloadSchema
> = topicEvent('Allocation', AllocationEventPayloadSchema);
/** An event of the `Evaluation` topic: its payload carries the evaluation. */
export const EvaluationStreamEventSchema: TopicEventSchema<
  'Evaluation',
  typeof EvaluationEventPayloadSchema
> = topicEvent('Evaluation', EvaluationEventPayloadSchema);
/** An event of the `Deployment` topic: its payload carries the deployment. */
export const DeploymentStreamEventSchema: TopicEventSchema<
  'Deployment',
  typeof DeploymentEventPayloadSchema
> = topicEvent('Deployment', DeploymentEventPayloadSchema);
/** An event of the `Node` topic: its payload carries the node. */
export const NodeStreamEventSchema: TopicEventSchema<'Node', typeof NodeEventPayloadSchema> = topicEvent(
  'Node',
  NodeEventPayloadSchema,
);
/** An event of the `NodeDrain` topic: its payload carries the node whose drain changed. */
export const NodeDrainStreamEventSchema: TopicEventSchema<'NodeDrain', typeof NodeEventPayloadSchema> =
  topicEvent('NodeDrain', NodeEventPayloadSchema);
/** An event of the `ACLToken` topic: its payload carries the ACL token. */
export const AclTokenStreamEventSchema: TopicEventSchema<'ACLToken', typeof AclTokenEventPayloadSchema> =
  topicEvent('ACLToken', AclTokenEventPayloadSchema);
/** An event of the `ACLPolicy` topic: its payload carries the ACL policy. */
export const AclPolicyStreamEventSchema: TopicEventSchema<'ACLPolicy', typeof AclPolicyEventPayloadSchema> =
  topicEvent('ACLPolicy', AclPolicyEventPayloadSchema);
/** An event of a topic this version does not know. */
export const OtherStreamEventSchema = v.looseObject({
  ...envelope,
  Topic: v.string(),
  Payload: OtherPayloadSchema,
});

/** The payload schema of each known topic; other topics' payloads are checked with `OtherPayload`. */
export const payloadSchemas: ReadonlyMap<string, v.GenericSchema> = /* @__PURE__ */ new Map<
  string,
  v.GenericSchema
>([
  ['Job', JobEventPayloadSchema],
  ['Allocation', AllocationEventPayloadSchema],
  ['Evaluation', EvaluationEventPayloadSchema],
  ['Deployment', DeploymentEventPayloadSchema],
  ['Node', NodeEventPayloadSchema],
  ['NodeDrain', NodeEventPayloadSchema],
  ['ACLToken', AclTokenEventPayloadSchema],
  ['ACLPolicy', AclPolicyEventPayloadSchema],
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

/**
 * One line of the stream: the events committed at one index; a heartbeat has neither field. An event
 * without an `Index` of its own has its message's.
 */
export const EventMessageSchema = v.looseObject({
  Index: v.optional(Index),
  Events: v.nullish(v.array(v.looseObject({ ...envelope, Topic: v.string(), Index: v.optional(Index) }))),
});
