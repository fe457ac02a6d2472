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
  AllocationList,
  type AllocationSchema,
  AllocationStub,
  AllocationStubList,
  type AllocationStubSchema,
  ClientStatus,
  DesiredStatus,
  DesiredTransition,
  EmptyResponse,
  RescheduleTracker,
  RestartAllocationRequest,
  ServiceRegistration,
  ServiceRegistrationList,
  type ServiceRegistrationSchema,
  SignalAllocationRequest,
  StopAllocationResponse,
  TaskEvent,
  type TaskEventSchema,
  TaskEventType,
  TaskState,
  TaskStateName,
  type TaskStateSchema,
} from './schemas.js';
export { signalAllocation } from './signal-allocation.js';
export { type StopAllocationOptions, stopAllocation } from './stop-allocation.js';
