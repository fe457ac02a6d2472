import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { execAllocation } from '../exec/exec-allocation.js';
import { listAllocationChecks, readAllocationStats } from './allocation-checks.js';
import {
  listAllocationFiles,
  readAllocationFile,
  readAllocationFileAt,
  statAllocationFile,
  streamAllocationFile,
} from './allocation-files.js';
import { streamAllocationLogs } from './allocation-logs.js';
import { listAllocationServices, watchAllocationServices } from './allocation-services.js';
import { iterateAllocations, listAllocations, watchAllocations } from './list-allocations.js';
import { readAllocation, watchAllocation } from './read-allocation.js';
import { restartAllocation } from './restart-allocation.js';
import { signalAllocation } from './signal-allocation.js';
import { stopAllocation } from './stop-allocation.js';

const allocationOperations = {
  list: listAllocations,
  iterate: iterateAllocations,
  watchList: watchAllocations,
  read: readAllocation,
  watch: watchAllocation,
  stop: stopAllocation,
  signal: signalAllocation,
  restart: restartAllocation,
  exec: execAllocation,
  listServices: listAllocationServices,
  watchServices: watchAllocationServices,
  logs: streamAllocationLogs,
  listFiles: listAllocationFiles,
  statFile: statAllocationFile,
  readFile: readAllocationFile,
  readFileAt: readAllocationFileAt,
  streamFile: streamAllocationFile,
  checks: listAllocationChecks,
  stats: readAllocationStats,
};

/** The allocations group of the client; each method is the standalone operation with the core applied. */
export interface AllocationsGroup extends BoundGroup<SchedulerCore, typeof allocationOperations> {}

/** The allocations group of the client: `client.allocations.stop(id)`, `client.allocations.exec(id, ...)`, ... */
export function allocationsGroup(core: SchedulerCore): AllocationsGroup {
  return bindOperations(core, allocationOperations);
}
