export { listAllocationServices, watchAllocationServices } from './allocation-services.js';
export { type AllocationsGroup, allocationsGroup } from './group.js';
export {
  type IterateAllocationsOptions,
  iterateAllocations,
  type ListAllocationsOptions,
  listAllocations,
  watchAllocations,
} from './list-allocations.js';
export { type ReadAllocationOptions, readAllocation, watchAllocation } from './read-allocation.js';
export { restartAllocation } from './restart-allocation.js';
export {
  Allocation,
  AllocationDeploymentStatus,
  AllocationDeploymentStatusSchema,
  AllocationList,
  AllocationListSchema,
  AllocationSchema,
  AllocationStub,
  AllocationStubList,
  AllocationStubListSchema,
  AllocationStubSchema,
  ClientStatus,
  ClientStatusSchema,
  DesiredStatus,
  DesiredStatusSchema,
  DesiredTransition,
  DesiredTransitionSchema,
  EmptyResponse,
  EmptyResponseSchema,
  RescheduleTracker,
  RescheduleTrackerSchema,
  RestartAllocationRequest,
  RestartAllocationRequestSchema,
  ServiceRegistration,
  ServiceRegistrationList,
  ServiceRegistrationListSchema,
  ServiceRegistrationSchema,
  SignalAllocationRequest,
  SignalAllocationRequestSchema,
  StopAllocationResponse,
  StopAllocationResponseSchema,
  TaskEvent,
  TaskEventSchema,
  TaskEventType,
  TaskEventTypeSchema,
  TaskState,
  TaskStateName,
  TaskStateNameSchema,
  TaskStateSchema,
} from './schemas.js';
export { signalAllocation } from './signal-allocation.js';
export { type StopAllocationOptions, stopAllocation } from './stop-allocation.js';
