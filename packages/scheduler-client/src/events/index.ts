export type { EventCursor } from './cursor.js';
export {
  type EventsGroup,
  eventsGroup,
} from './group.js';
export {
  type EventStream,
  type EventStreamOptions,
  type EventTopicName,
  type EventTopics,
  type EventTopicsOf,
  streamEvents,
} from './stream-events.js';
export {
  type EventTopic,
  isTopic,
  type StreamEvent,
  type StreamEventMap,
  type StreamEventOf,
} from './topics.js';
export type {
  AclPolicyEventPayload,
  AclPolicyPayload,
  AclPolicyStreamEvent,
  AclTokenEventPayload,
  AclTokenPayload,
  AclTokenStreamEvent,
  AllocationEventPayload,
  AllocationStreamEvent,
  DeploymentEventPayload,
  DeploymentStreamEvent,
  EvaluationEventPayload,
  EvaluationStreamEvent,
  EventMessage,
  EventType,
  JobEventPayload,
  JobStreamEvent,
  NodeDrainStreamEvent,
  NodeEventPayload,
  NodeStreamEvent,
  OtherPayload,
  OtherStreamEvent,
  StreamEventFields,
} from './types.generated.js';
