// Keeps a lease alive: renews it after a share of its duration has passed, until the service stops
// granting the full increment (its max TTL is near), the lease cannot be renewed, an error that
// retrying cannot fix occurs, or the caller stops it. Every renewal and the end are reported.
import {
  ApiError,
  type ApiPromise,
  type AsyncDisposableWhereAvailable,
  ConnectionError,
  TimeoutError,
} from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import { type DurationValue, durationSeconds } from '../duration.js';
import type { LeaseInfo, SecretsMeta } from '../envelope.js';
import type { WriteResult } from '../write-result.js';
import { renewLease, revokeLease } from './renew-revoke.js';
import type { Lease } from './schemas.js';

/** One renewal the keeper made. */
export interface LeaseRenewal {
  /** Id of the renewed lease. */
  readonly leaseId: string;
  /** Seconds granted from the renewal on. */
  readonly leaseDuration: number;
  /** Whether the lease can still be renewed. */
  readonly renewable: boolean;
  /** Warnings the service attached to the renewal. */
  readonly warnings: readonly string[];
  /** When the lease expires unless renewed again. */
  readonly expiresAt: Date;
  /** Renewals so far, this one included. */
  readonly renewals: number;
}

/** Why a keeper ended. */
export type LeaseEndReason =
  /** The service granted less than asked: the lease ends at its max TTL. */
  | 'max-ttl'
  /** The lease is not renewable (or no longer). */
  | 'not-renewable'
  /** The lease ran out before a renewal succeeded. */
  | 'expired'
  /** `stop()` was called or the signal aborted. */
  | 'stopped'
  /** A renewal failed in a way retrying cannot fix (the lease was revoked, permission was denied, ...). */
  | 'error';

/** How a keeper ended. */
export interface LeaseEnd {
  /** Id of the lease the keeper kept. */
  readonly leaseId: string;
  /** Why the keeper stopped. */
  readonly reason: LeaseEndReason;
  /** When the lease expires (or expired). */
  readonly expiresAt: Date;
  /** Renewals the keeper made. */
  readonly renewals: number;
  /** The failure, for `error` and `expired`. */
  readonly error?: unknown;
}

/** Options of `keepLease`. */
export interface LeaseKeeperOptions extends SecretsRequestOptions {
  /** Time asked for at each renewal (seconds or duration text). Default: the lease's duration when the keeper starts. */
  readonly increment?: DurationValue;
  /** Share of the current duration after which to renew, between 0 and 1. Default 2/3. */
  readonly renewAfter?: number;
  /** Called after each renewal. */
  readonly onRenew?: (renewal: LeaseRenewal) => void;
  /** Called once when the keeper ends. */
  readonly onEnd?: (end: LeaseEnd) => void;
  /** Revoke the lease when stopped. Default false. */
  readonly revokeOnStop?: boolean;
}

/** A running keeper. */
export interface LeaseKeeper extends AsyncDisposableWhereAvailable {
  /** Resolves (never rejects) when the keeper ends. */
  readonly done: Promise<LeaseEnd>;
  /** Stops renewing (revoking the lease when `revokeOnStop`), and resolves to the end. */
  stop(): Promise<LeaseEnd>;
}

/** The two calls a keeper makes. */
interface LeaseCalls {
  renew(leaseId: string, increment: number, options: SecretsRequestOptions): ApiPromise<Lease, SecretsMeta>;
  revoke(leaseId: string, options: SecretsRequestOptions): ApiPromise<WriteResult, SecretsMeta>;
}

// Failures worth another try while the lease still has time left.
function transient(error: unknown): boolean {
  if (ApiError.isInstance(error)) return error.status === 429 || error.status >= 500;
  return ConnectionError.isInstance(error) || TimeoutError.isInstance(error);
}

function run(lease: LeaseInfo, options: LeaseKeeperOptions, calls: LeaseCalls): LeaseKeeper {
  const { increment, renewAfter = 2 / 3, onRenew, onEnd, revokeOnStop = false, signal, ...request } = options;
  if (!(renewAfter > 0 && renewAfter < 1))
    throw new RangeError(`renewAfter must be between 0 and 1, not ${renewAfter}`);
  const asked = increment === undefined ? lease.leaseDuration : durationSeconds(increment);
  const stopper = new AbortController();
  let expiresAt = Date.now() + lease.leaseDuration * 1000;
  let duration = lease.leaseDuration;
  let renewals = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopper.signal.aborted) return resolve();
      wake = resolve;
      timer = setTimeout(resolve, Math.max(0, ms));
    });
  const requestOptions = { ...request, signal: stopper.signal };

  const loop = async (): Promise<LeaseEnd> => {
    const end = (reason: LeaseEndReason, error?: unknown): LeaseEnd => ({
      leaseId: lease.leaseId,
      reason,
      expiresAt: new Date(expiresAt),
      renewals,
      ...(error === undefined ? {} : { error }),
    });
    if (!lease.renewable || lease.leaseId === '') return end('not-renewable');
    let failures = 0;
    let delay = duration * 1000 * renewAfter;
    for (;;) {
      await pause(delay);
      if (stopper.signal.aborted) break;
      try {
        const { data, meta } = await calls.renew(lease.leaseId, asked, requestOptions).withMeta();
        failures = 0;
        renewals += 1;
        duration = data.lease_duration;
        expiresAt = Date.now() + duration * 1000;
        onRenew?.({
          leaseId: lease.leaseId,
          leaseDuration: duration,
          renewable: data.renewable,
          warnings: meta.warnings,
          expiresAt: new Date(expiresAt),
          renewals,
        });
        if (!data.renewable) return end('not-renewable');
        if (duration < asked) return end('max-ttl');
        delay = duration * 1000 * renewAfter;
      } catch (error) {
        if (stopper.signal.aborted) break;
        const left = expiresAt - Date.now();
        if (left <= 0) return end('expired', error);
        if (!transient(error)) return end('error', error);
        failures += 1;
        // Back off, but try again well before the lease runs out.
        delay = Math.min(1000 * 2 ** (failures - 1), left / 2);
      }
    }
    if (revokeOnStop) {
      try {
        await calls.revoke(lease.leaseId, request);
        expiresAt = Date.now();
      } catch (error) {
        return end('stopped', error);
      }
    }
    return end('stopped');
  };

  const stop = (): void => {
    stopper.abort();
    clearTimeout(timer);
    wake?.();
  };
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  const done = loop().then((result) => {
    signal?.removeEventListener('abort', stop);
    onEnd?.(result);
    return result;
  });
  return {
    done,
    stop: () => {
      stop();
      return done;
    },
    [Symbol.asyncDispose]: async () => {
      stop();
      await done;
    },
  };
}

/**
 * Keeps a renewable lease (a service-account key's, database credentials') alive through
 * PUT /v1/sys/leases/renew until its max TTL, reporting each renewal and the end.
 */
export function keepLease(
  core: SecretsCore,
  lease: LeaseInfo,
  options: LeaseKeeperOptions = {},
): LeaseKeeper {
  return run(lease, options, {
    renew: (leaseId, increment, request) => renewLease(core, leaseId, { ...request, increment }),
    revoke: (leaseId, request) => revokeLease(core, leaseId, request),
  });
}
