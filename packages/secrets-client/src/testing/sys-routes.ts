// Routes under `sys/`: leases and secret sync.
import { fail } from './answer.js';
import type { LeaseRegistry } from './leases.js';
import type { FakeNamespace } from './namespace-tree.js';
import type { FakeRoute } from './routes.js';
import { syncRoutes } from './sync/routes.js';
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

/** Routes under `sys/`. */
export const sysRoutes: readonly FakeRoute<SysState>[] = [
  {
    operations: ['write'],
    pattern: 'leases/renew',
    summary: 'Renew a lease by an increment (seconds or duration text), never past its max TTL.',
    handle: (state, { fields, now }) => {
      const id = fields.required('lease_id');
      const increment = fields.duration('increment');
      state.leases.sweep(now);
      const namespace = state.namespace.path;
      if (state.leases.get(id, namespace)?.renewable === false) fail(400, 'lease is not renewable');
      const renewed = state.leases.renew(id, namespace, increment, now);
      if (!renewed) fail(400, 'lease not found or lease is not renewable');
      const duration = Math.max(0, Math.floor((renewed.lease.expiresAt - now) / 1000));
      return {
        leaseId: id,
        leaseDuration: duration,
        renewable: true,
        warnings: renewed.capped
          ? [
              `TTL of "${renewed.requested}s" exceeded the effective max_ttl of "${duration}s"; TTL value is capped accordingly`,
            ]
          : [],
      };
    },
  },
  {
    operations: ['write'],
    pattern: 'leases/revoke',
    summary: 'Revoke a lease now; its secret stops working.',
    handle: (state, { fields }) => {
      // A lease of another namespace is not found here, like any unknown lease.
      state.leases.revoke(fields.required('lease_id'), state.namespace.path);
      return undefined;
    },
  },
  ...syncRoutes,
];
