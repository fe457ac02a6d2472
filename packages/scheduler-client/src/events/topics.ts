// The events of each topic, by topic name: what a subscription to some topics can deliver.
import type {
  AclPolicyStreamEvent,
  AclTokenStreamEvent,
  AllocationStreamEvent,
  DeploymentStreamEvent,
  EvaluationStreamEvent,
  JobStreamEvent,
  NodeDrainStreamEvent,
  NodeStreamEvent,
  OtherStreamEvent,
} from './types.generated.js';

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

/** A topic of the event stream. */
export type EventTopic = keyof StreamEventMap;

/** Any event: one of a known topic, or one of a topic this version does not know. */
export type StreamEvent = StreamEventMap[EventTopic] | OtherStreamEvent;

/** The events a subscription to topics `T` can deliver. */
export type StreamEventOf<T extends string> = T extends EventTopic ? StreamEventMap[T] : StreamEvent;

/** True when `event` belongs to `topic`; narrows its payload type. */
export function isTopic<T extends EventTopic>(event: StreamEvent, topic: T): event is StreamEventMap[T] {
  return event.Topic === topic;
}
