// What a credential keeper hands out and reports. Events name leases, generations and times, never a
// secret, so they are safe to log; the credentials themselves go only to `onCredential`, the iterator
// and `current`.
import type {
  AsyncDisposableWhereAvailable,
  Clock,
  InfraSdkError,
  KeySets,
  OwnOptionKeys,
  TransientError,
} from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { DurationValue } from '../types.generated.js';
import type { LifeShare } from './timing.js';

/** A credential as a keeper holds it. */
export interface Credential<T> {
  /** What the service issued: database credentials, a key, an access token, the token's own description. */
  readonly data: T;
  /** 1 for the first credential, one more for each re-issued one. */
  readonly generation: number;
  /** Its lease, `''` when it has none (access tokens, static credentials). */
  readonly leaseId: string;
  /** Whether it can still be renewed. */
  readonly renewable: boolean;
  /** When it was issued (when the request that issued it left). */
  readonly issuedAt: Date;
  /** When it ends unless renewed; undefined when it never does. */
  readonly expiresAt: Date | undefined;
  /** Renewals of this credential so far. */
  readonly renewals: number;
}

/** What a keeper was doing when a failure happened. */
export type KeeperStep = 'issue' | 'renew' | 'revoke' | 'deliver';

/** The credential an event is about (never the secret itself). */
export interface KeeperEventSubject {
  /** Generation of the credential. */
  readonly generation: number;
  /** Its lease, `''` when it has none; for the token keeper, the token's accessor. */
  readonly leaseId: string;
}

/** Something a keeper did or met; safe to log. */
export type KeeperEvent =
  /** A new credential was issued (the first, or a replacement). */
  | (KeeperEventSubject & { readonly type: 'issued'; readonly expiresAt: Date | undefined })
  /** A renewal: the lease lives `leaseDuration` seconds more. */
  | (KeeperEventSubject & {
      readonly type: 'renewed';
      readonly leaseDuration: number;
      readonly expiresAt: Date;
      readonly warnings: readonly string[];
    })
  /**
   * The service granted less than asked: the lease's maximum life is near, so renewing stops. The
   * credential is replaced before `expiresAt` when the keeper re-issues, and watched to its end otherwise.
   */
  | (KeeperEventSubject & {
      readonly type: 'max-ttl';
      readonly askedSeconds: number;
      readonly grantedSeconds: number;
      readonly expiresAt: Date;
    })
  /** A credential that is not replaced is near its end; the keeper ends (`expiring`). */
  | (KeeperEventSubject & { readonly type: 'expiring'; readonly expiresAt: Date })
  /** A replaced credential was revoked, once its grace period was over. */
  | (KeeperEventSubject & { readonly type: 'revoked' })
  /**
   * A failure that is retried after `delayMs` (back-off from core's retry loop): only one that may pass
   * by waiting is retried, so `error` is core's `ConnectionError`, `TimeoutError`, `ServerError` or
   * `RateLimitError`. The third in a row of a step is also one warning line on the client's `logger`.
   */
  | (KeeperEventSubject & {
      readonly type: 'retry';
      readonly step: KeeperStep;
      readonly error: TransientError;
      readonly attempt: number;
      readonly delayMs: number;
    })
  /**
   * A renewal or revocation retrying did not get past: an error of this client's (`PermissionDeniedError`,
   * a `ConnectionError` whose message ends "(N failures in a row over T s)", ...). The keeper goes on where
   * it can (re-issuing, say), and ends otherwise.
   */
  | (KeeperEventSubject & {
      readonly type: 'error';
      readonly step: 'renew' | 'revoke';
      readonly error: InfraSdkError;
    })
  /**
   * An issue (the caller's own call, or the login) retrying did not get past, or `onCredential` threw
   * (`deliver`): whatever that code threw.
   */
  | (KeeperEventSubject & {
      readonly type: 'error';
      readonly step: 'issue' | 'deliver';
      readonly error: unknown;
    });

/** Why a keeper ended. */
export type KeeperEndReason =
  /** `stop()`, `await using` or the signal. */
  | 'stopped'
  /** The credential cannot be renewed further and is not replaced: it is near its end. */
  | 'expiring'
  /** The credential ran out before a renewal or a replacement succeeded. */
  | 'expired'
  /** A failure retrying did not get past, with nothing to fall back on. */
  | 'error';

/** How a keeper ended. */
export interface KeeperEnd {
  /** Why it ended. */
  readonly reason: KeeperEndReason;
  /** The generation of the last credential (0 when none was ever issued). */
  readonly generation: number;
  /** When the last credential ends (or ended). */
  readonly expiresAt: Date | undefined;
  /** Renewals over all credentials. */
  readonly renewals: number;
  /** The failure, for `error` and `expired`. */
  readonly error?: unknown;
}

/** Options every keeper takes; the request options (namespace, timeout, headers, ...) go with each of its calls. */
export interface KeeperOptions<T> extends SecretsRequestOptions {
  /** Time asked for at each renewal. Default: what the credential was granted when issued (a periodic token: its period). */
  readonly increment?: DurationValue | undefined;
  /**
   * Where in the remaining life to renew: a point drawn at random between these shares, so a fleet
   * started together spreads out. Default `[0.5, 0.8]`.
   */
  readonly renewWindow?: LifeShare | undefined;
  /** Gets each new credential (the first included); the old one is revoked only once this resolves. */
  readonly onCredential?: ((credential: Credential<T>) => void | Promise<void>) | undefined;
  /** Told of everything the keeper does and meets (safe to log: no secrets). What it throws is ignored. */
  readonly onEvent?: ((event: KeeperEvent) => void) | undefined;
  /** Revoke the credential in use when the keeper stops. Default false. */
  readonly revokeOnStop?: boolean | undefined;
  /** First pause after a failure, in ms, doubled each time (core's back-off). Default 1 000. */
  readonly backoffMs?: number | undefined;
  /** Longest pause after failures, in ms. Default 30 000. */
  readonly maxBackoffMs?: number | undefined;
  /**
   * Failures in a row of one step after which it is given up, its `error` event's message then ending
   * "(N failures in a row over T s)"; the third in a row is one warning line on the `logger` of the
   * client whose call failed. Default core's `DEFAULT_MAX_FAILURES` (10).
   */
  readonly maxFailures?: number | undefined;
  /**
   * Where the keeper reads the time and waits: when a credential was issued and ends, the points at
   * which it renews and replaces, the back-off between retries, the grace before a revocation and the
   * end of each step's retries. Default `systemClock` (core). A test gives the clock it moves itself
   * (`createTestClock()` from `@infra-sdk/core/testing`), the same one as the fake service's `clock`,
   * so lifetimes of hours are kept in milliseconds.
   */
  readonly clock?: Clock | undefined;
}

/** The keys of `KeeperOptions`. */
export const keeperOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  {
    increment: 1,
    renewWindow: 1,
    onCredential: 1,
    onEvent: 1,
    revokeOnStop: 1,
    backoffMs: 1,
    maxBackoffMs: 1,
    maxFailures: 1,
    clock: 1,
  } as const satisfies OwnOptionKeys<KeeperOptions<unknown>, SecretsRequestOptions>,
];

/** A running keeper: an async iterable of its credentials, stopped by `stop()`, `await using` or the signal. */
export interface CredentialKeeper<T> extends AsyncIterable<Credential<T>>, AsyncDisposableWhereAvailable {
  /** The credential to use now (its latest renewal included); undefined before the first. */
  readonly current: Credential<T> | undefined;
  /** The first credential; rejects with the failure when the keeper ended without one. */
  readonly ready: Promise<Credential<T>>;
  /** Resolves (never rejects) when the keeper ends. */
  readonly done: Promise<KeeperEnd>;
  /** Stops the keeper (revoking what it must) and resolves to how it ended. */
  stop(): Promise<KeeperEnd>;
  /** A description without the credential (generation, lease, expiry, renewals); `util.inspect` shows the same. */
  toJSON(): Record<string, unknown>;
}
