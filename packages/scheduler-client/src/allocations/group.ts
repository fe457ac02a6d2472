import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { execAllocation } from '../exec/exec-allocation.js';
import { listAllocationServices, watchAllocationServices } from './allocation-services.js';
import { iterateAllocations, listAllocations, watchAllocations } from './list-allocations.js';
import { readAllocation, watchAllocation } from './read-allocation.js';
import { restartAllocation } from './restart-allocation.js';
import { signalAllocation } from './signal-allocation.js';
import { stopAllocation } from './stop-allocation.js';

const allocationOperations = {
  /** GET /v1/allocations — lists allocations (one page with `per_page`). */
  list: listAllocations,
  /** GET /v1/allocations, every page — an AsyncIterable of allocations. */
  iterate: iterateAllocations,
  /** GET /v1/allocations, blocking — the list each time it changes. */
  watchList: watchAllocations,
  /** GET /v1/allocation/:alloc_id — reads one allocation. */
  read: readAllocation,
  /** GET /v1/allocation/:alloc_id, blocking — the allocation each time it changes. */
  watch: watchAllocation,
  /** POST /v1/allocation/:alloc_id/stop — stops an allocation. */
  stop: stopAllocation,
  /** POST /v1/client/allocation/:alloc_id/signal — sends a signal to an allocation's tasks. */
  signal: signalAllocation,
  /** POST /v1/client/allocation/:alloc_id/restart — restarts an allocation's tasks. */
  restart: restartAllocation,
  /** WebSocket /v1/client/allocation/:alloc_id/exec — runs a command in a task. */
  exec: execAllocation,
  /** GET /v1/allocation/:alloc_id/services — lists the services an allocation registered. */
  listServices: listAllocationServices,
  /** GET /v1/allocation/:alloc_id/services, blocking — the services each time they change. */
  watchServices: watchAllocationServices,
};

/** The allocations group of the client; each method is the standalone operation with the core applied. */
export interface AllocationsGroup extends BoundGroup<SchedulerCore, typeof allocationOperations> {}

/** The allocations group of the client: `client.allocations.stop(id)`, `client.allocations.exec(id, ...)`, ... */
export function allocationsGroup(core: SchedulerCore): AllocationsGroup {
  return bindOperations(core, allocationOperations);
}
