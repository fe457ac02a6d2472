export { type EventsGroup, eventsGroup } from './group.js';
export {
  AclPolicyPayload,
  AclPolicyStreamEvent,
  AclTokenPayload,
  AclTokenStreamEvent,
  AllocationStreamEvent,
  DeploymentStreamEvent,
  EvaluationStreamEvent,
  EventMessage,
  type EventTopic,
  EventType,
  isTopic,
  JobStreamEvent,
  NodeDrainStreamEvent,
  NodeStreamEvent,
  OtherStreamEvent,
  type StreamEvent,
  type StreamEventMap,
  type StreamEventOf,
  streamEventSchemas,
} from './schemas.js';
export {
  type EventCursor,
  type EventStream,
  type EventStreamOptions,
  streamEvents,
} from './stream-events.js';
