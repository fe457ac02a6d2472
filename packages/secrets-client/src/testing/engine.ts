// What an engine of the fake is: a route table over a state created per mount.
import type { Clock } from '@infra-sdk/core';
import type { LeaseRegistry } from './leases.js';
import type { FakeRoute } from './routes.js';

/** Lease settings of the fake service (the "system" defaults), in seconds. */
export interface LeaseSettings {
  readonly defaultLeaseTtl: number;
  readonly maxLeaseTtl: number;
}

/** What an engine's state may use. */
export interface EngineContext {
  readonly leases: LeaseRegistry;
  readonly settings: LeaseSettings;
  /** The fake's clock: what "now" is when nobody passes a time. */
  readonly clock: Clock;
  /** The mount path inside its namespace (`gcp`, `team-a-db`). */
  readonly mountPath: string;
  /** The namespace the mount lives in (`''` for the root); its leases live there too. */
  readonly namespace: string;
  /** The mount path with its namespace in front, which lease ids start with. */
  readonly leasePrefix: string;
}

/** An engine type of the fake. */
export interface FakeEngine<S> {
  readonly description: string;
  readonly routes: readonly FakeRoute<S>[];
  create(context: EngineContext): S;
}
