// What a keeper is given to run: the calls it makes (which service paths they take is the caller's
// business), the credential it may start from, and how it renews and replaces.
import type { Lifetime } from './lifetime.js';
import type { LifeShare } from './timing.js';
import type { Credential } from './types.js';

/** A credential as issued: its payload and its life. */
export interface Issued<T> {
  readonly data: T;
  readonly lifetime: Lifetime;
  /** When the request that issued it left, in ms since the epoch. */
  readonly sentAt: number;
}

/** What a renewal granted. */
export interface Renewed {
  readonly leaseDuration: number;
  readonly renewable: boolean;
  readonly warnings: readonly string[];
}

/** The calls a keeper makes; which service paths they take is the caller's business. */
export interface KeeperCalls<T> {
  /** Issues a credential: the first (unless one is given) and, when replacing, each replacement. */
  readonly issue: ((signal: AbortSignal) => Promise<Issued<T>>) | undefined;
  /** Renews a credential by `incrementSeconds`. */
  readonly renew: (
    credential: Credential<T>,
    incrementSeconds: number,
    signal: AbortSignal,
  ) => Promise<Renewed>;
  /** Revokes a credential's lease (only called for credentials with one). */
  readonly revoke: ((credential: Credential<T>, signal: AbortSignal) => Promise<void>) | undefined;
}

/** How one keeper runs, besides the caller's options. */
export interface KeeperPlan<T> {
  readonly calls: KeeperCalls<T>;
  /** A credential already held, kept first. */
  readonly initial: Issued<T> | undefined;
  /** Replace credentials that cannot be renewed further (needs `calls.issue`). */
  readonly replace: boolean;
  /** Grace between handing a replacement over and revoking the credential it replaces, in ms. */
  readonly revokeAfterMs: number;
  /** Seconds to ask for at each renewal of a credential with this life. */
  readonly increment: (lifetime: Lifetime) => number;
  /** Where in the remaining life to renew. */
  readonly renewWindow: LifeShare;
}
