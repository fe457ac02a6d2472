// The `sys/` state of one namespace of the fake: its leases, secret sync, and the service-wide tokens
// and wrapped answers that `sys/wrapping` reaches.
import type { Clock } from '@infra-sdk/core';
import type { AccessControl } from './access.js';
import type { LeaseRegistry } from './leases.js';
import type { FakeNamespace } from './namespace-tree.js';
import { SyncState } from './sync/state.js';
import type { WrappingStore } from './wrapping.js';

/** Timings of the fake that `sys/` routes use. */
export interface SysTimings {
  readonly purgeDelayMs: number;
  /** The fake's clock, which purges wait on. */
  readonly clock: Clock;
  /** Aborts when the fake closes: every wait of the fake ends, and what it waited for is not done. */
  readonly closed: AbortSignal;
}

/** What every namespace of a fake shares. */
export interface FakeServices {
  readonly leases: LeaseRegistry;
  readonly tokens: AccessControl;
  readonly wrapping: WrappingStore;
  readonly timings: SysTimings;
}

/** The `sys/` state of one namespace. */
export interface SysState extends FakeServices {
  readonly namespace: FakeNamespace<SysState>;
  readonly sync: SyncState;
  /** Whether the namespace may manage the sync configuration (the root or the administrative namespace). */
  readonly administrative: boolean;
}

/** Creates the `sys/` state of a namespace. */
export function createSysState(
  namespace: FakeNamespace<SysState>,
  services: FakeServices,
  administrative: boolean,
): SysState {
  return { ...services, namespace, sync: new SyncState(services.timings), administrative };
}
