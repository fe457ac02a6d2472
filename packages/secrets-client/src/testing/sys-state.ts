// The `sys/` state of one namespace of the fake: its leases and secret sync.
import type { LeaseRegistry } from './leases.js';
import type { FakeNamespace } from './namespace-tree.js';
import { SyncState } from './sync/state.js';

/** Timings of the fake that `sys/` routes use. */
export interface SysTimings {
  readonly purgeDelayMs: number;
}

/** The `sys/` state of one namespace. */
export interface SysState {
  readonly namespace: FakeNamespace<SysState>;
  readonly leases: LeaseRegistry;
  readonly sync: SyncState;
  readonly timings: SysTimings;
  /** Whether the namespace may manage the sync configuration (the root or the administrative namespace). */
  readonly administrative: boolean;
}

/** Creates the `sys/` state of a namespace. */
export function createSysState(
  namespace: FakeNamespace<SysState>,
  leases: LeaseRegistry,
  timings: SysTimings,
  administrative: boolean,
): SysState {
  return { namespace, leases, sync: new SyncState(), timings, administrative };
}
