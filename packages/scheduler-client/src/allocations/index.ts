export {
  type AllocationLogsOptions,
  type LogChunk,
  type LogLine,
  type LogStream,
  streamAllocationLogs,
} from './allocation-logs.js';
export { listAllocationServices, watchAllocationServices } from './allocation-services.js';
export { type AllocationsGroup, allocationsGroup } from './group.js';
export {
  type IterateAllocationsOptions,
  iterateAllocations,
  type ListAllocationsOptions,
  listAllocations,
  watchAllocations,
} from './list-allocations.js';
export { type StreamFrame, StreamFrameSchema } from './log-frames.js';
export { type ReadAllocationOptions, readAllocation, watchAllocation } from './read-allocation.js';
export { restartAllocation } from './restart-allocation.js';
export {
  type Allocation,
  type AllocationDeploymentStatus,
  AllocationDeploymentStatusSchema,
  type AllocationList,
  AllocationListSchema,
  AllocationSchema,
  type AllocationStub,
  type AllocationStubList,
  AllocationStubListSchema,
  AllocationStubSchema,
  type ClientStatus,
  ClientStatusSchema,
  type DesiredStatus,
  DesiredStatusSchema,
  type DesiredTransition,
  DesiredTransitionSchema,
  type EmptyResponse,
  EmptyResponseSchema,
  type RescheduleTracker,
  RescheduleTrackerSchema,
  type RestartAllocationRequest,
  RestartAllocationRequestSchema,
  type ServiceRegistration,
  type ServiceRegistrationList,
  ServiceRegistrationListSchema,
  ServiceRegistrationSchema,
  type SignalAllocationRequest,
  SignalAllocationRequestSchema,
  type StopAllocationResponse,
  StopAllocationResponseSchema,
  type TaskEvent,
  TaskEventSchema,
  type TaskEventType,
  TaskEventTypeSchema,
  type TaskState,
  type TaskStateName,
  TaskStateNameSchema,
  TaskStateSchema,
} from './schemas.js';
export { signalAllocation } from './signal-allocation.js';
export { type StopAllocationOptions, stopAllocation } from './stop-allocation.js';
