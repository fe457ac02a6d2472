import type { SchedulerCore } from '../client.js';
import { execAllocation } from '../exec/exec-allocation.js';
import { type Bound, bind } from '../facade.js';
import { listAllocationServices, watchAllocationServices } from './allocation-services.js';
import { iterateAllocations, listAllocations, watchAllocations } from './list-allocations.js';
import { readAllocation, watchAllocation } from './read-allocation.js';
import { restartAllocation } from './restart-allocation.js';
import { signalAllocation } from './signal-allocation.js';
import { stopAllocation } from './stop-allocation.js';

/** The allocations group of the client; each method is the standalone operation with the core applied. */
export interface AllocationsGroup {
  /** GET /v1/allocations (one page with `per_page`) */
  readonly list: Bound<typeof listAllocations>;
  /** GET /v1/allocations, every page: an AsyncIterable of allocations. */
  readonly iterate: Bound<typeof iterateAllocations>;
  /** GET /v1/allocations, blocking: the list each time it changes. */
  readonly watchList: Bound<typeof watchAllocations>;
  /** GET /v1/allocation/:alloc_id */
  readonly read: Bound<typeof readAllocation>;
  /** GET /v1/allocation/:alloc_id, blocking. */
  readonly watch: Bound<typeof watchAllocation>;
  /** POST /v1/allocation/:alloc_id/stop */
  readonly stop: Bound<typeof stopAllocation>;
  /** POST /v1/client/allocation/:alloc_id/signal */
  readonly signal: Bound<typeof signalAllocation>;
  /** POST /v1/client/allocation/:alloc_id/restart */
  readonly restart: Bound<typeof restartAllocation>;
  /** WebSocket /v1/client/allocation/:alloc_id/exec */
  readonly exec: Bound<typeof execAllocation>;
  /** GET /v1/allocation/:alloc_id/services */
  readonly services: Bound<typeof listAllocationServices>;
  /** GET /v1/allocation/:alloc_id/services, blocking. */
  readonly watchServices: Bound<typeof watchAllocationServices>;
}

/** The allocations group of the client: `client.allocations.stop(id)`, `client.allocations.exec(id, ...)`, ... */
export function allocationsGroup(core: SchedulerCore): AllocationsGroup {
  return {
    list: bind(core, listAllocations),
    iterate: bind(core, iterateAllocations),
    watchList: bind(core, watchAllocations),
    read: bind(core, readAllocation),
    watch: bind(core, watchAllocation),
    stop: bind(core, stopAllocation),
    signal: bind(core, signalAllocation),
    restart: bind(core, restartAllocation),
    exec: bind(core, execAllocation),
    services: bind(core, listAllocationServices),
    watchServices: bind(core, watchAllocationServices),
  };
}
