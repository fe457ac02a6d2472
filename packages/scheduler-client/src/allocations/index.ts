export { listAllocationChecks, readAllocationStats } from './allocation-checks.js';
export {
  type ListAllocationFilesOptions,
  listAllocationFiles,
  type ReadAllocationFileAtOptions,
  type ReadAllocationFileOptions,
  readAllocationFile,
  readAllocationFileAt,
  type StreamAllocationFileOptions,
  statAllocationFile,
  streamAllocationFile,
} from './allocation-files.js';
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
export { type ReadAllocationOptions, readAllocation, watchAllocation } from './read-allocation.js';
export { restartAllocation } from './restart-allocation.js';
export { signalAllocation } from './signal-allocation.js';
export { type StopAllocationOptions, stopAllocation } from './stop-allocation.js';
export type {
  Allocation,
  AllocationCheck,
  AllocationChecks,
  AllocationDeploymentStatus,
  AllocationFileInfo,
  AllocationFileInfoList,
  AllocationList,
  AllocationResourceUsage,
  AllocationStub,
  AllocationStubList,
  ClientStatus,
  CpuStats,
  DesiredStatus,
  DesiredTransition,
  EmptyResponse,
  MemoryStats,
  RescheduleTracker,
  ResourceUsage,
  RestartAllocationRequest,
  ServiceRegistration,
  ServiceRegistrationList,
  SignalAllocationRequest,
  StopAllocationResponse,
  StreamFrame,
  TaskEvent,
  TaskEventType,
  TaskResourceUsage,
  TaskState,
  TaskStateName,
} from './types.generated.js';
