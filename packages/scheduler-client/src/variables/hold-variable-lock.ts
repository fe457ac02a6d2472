// A lock over a variable, held until stopped: acquired (waiting for another holder when asked to),
// renewed at half its TTL, and released on `stop()`, `await using` or the signal. A renewal that fails
// is retried with back-off until the lock would lapse; a lock that lapsed or was taken ends the holder
// (`lost`) and aborts its `signal`, so the work the lock guards can stop. Every step is told to
// `onEvent`; nothing is thrown: `done` always resolves.

import {
  type AsyncDisposableWhereAvailable,
  type Clock,
  ConflictError,
  checkOptions,
  createBackoff,
  createFailureStreak,
  createRetryLoop,
  InfraSdkError,
  type KeySets,
  type OwnOptionKeys,
  parseDuration,
  systemClock,
  type TransientError,
} from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import type { AcquireVariableLockRequest, Variable, VariableLock } from './types.generated.js';
import { acquireVariableLock, releaseVariableLock, renewVariableLock } from './variable-locks.js';

/** A lock as its holder holds it. */
export interface HeldVariableLock {
  /** The variable's path. */
  readonly path: string;
  /** The lock's id: what renews, releases and writes under it. */
  readonly lockId: string;
  /** The variable as the acquisition answered it. */
  readonly variable: Variable;
  /** When it was acquired (when the acquisition left, by the holder's clock). */
  readonly acquiredAt: Date;
  /** When it lapses unless renewed, by the holder's clock (counted from when the last renewal left). */
  readonly expiresAt: Date;
  /** Renewals so far. */
  readonly renewals: number;
}

/** What the holder was doing when a failure happened. */
export type VariableLockStep = 'acquire' | 'renew' | 'release';

/** Something the holder did or met; safe to log (no items, no token). */
export type VariableLockEvent =
  /** The lock was acquired. */
  | { readonly type: 'acquired'; readonly lockId: string; readonly expiresAt: Date }
  /**
   * Another holder has the lock (or a lapsed lock's delay runs), as the scheduler's `ConflictError`
   * says: the holder tries again after `delayMs`.
   */
  | { readonly type: 'waiting'; readonly error: ConflictError; readonly delayMs: number }
  /** The lock was renewed for another TTL. */
  | { readonly type: 'renewed'; readonly lockId: string; readonly expiresAt: Date }
  /**
   * A failure that is retried after `delayMs` (core's back-off): only one that may pass by waiting is
   * retried, so `error` is core's `ConnectionError`, `TimeoutError`, `ServerError` or `RateLimitError`.
   * The third in a row of a step is also one warning line on the client's `logger`.
   */
  | {
      readonly type: 'retry';
      readonly step: VariableLockStep;
      readonly error: TransientError;
      readonly attempt: number;
      readonly delayMs: number;
    }
  /**
   * The lock is no longer held: it lapsed before a renewal got through (an `InfraSdkError` saying how
   * many renewals failed in a row over how long), or the scheduler refused the renewal (`ConflictError`).
   */
  | { readonly type: 'lost'; readonly lockId: string; readonly error: InfraSdkError }
  /** The lock was released. */
  | { readonly type: 'released'; readonly lockId: string }
  /**
   * A failure retrying did not get past: an error of this client's (`PermissionDeniedError`, a
   * `ConnectionError` whose message ends "(N failures in a row over T s)", ...).
   */
  | { readonly type: 'error'; readonly step: VariableLockStep; readonly error: InfraSdkError };

/** Why a holder ended. */
export type VariableLockEndReason =
  /** `stop()`, `await using` or the signal, after the lock was released (or, unheld, before it was acquired). */
  | 'stopped'
  /** The lock lapsed or was taken while held. */
  | 'lost'
  /** Another holder had the lock, and `waitForLock` was not set. */
  | 'conflict'
  /** A failure retrying did not get past, before the lock was acquired or while releasing it. */
  | 'error';

/** How a holder ended. */
export interface VariableLockEnd {
  /** Why it ended. */
  readonly reason: VariableLockEndReason;
  /** The id of the last lock held, if any. */
  readonly lockId: string | undefined;
  /** Renewals over the holder's life. */
  readonly renewals: number;
  /** The failure, for `lost`, `conflict` and `error`: an error of this client's. */
  readonly error?: InfraSdkError;
}

/** Options of `holdVariableLock`; the request options (namespace, timeout, headers, ...) go with each of its calls. */
export interface HoldVariableLockOptions extends NamespaceOptions {
  /** The lock's `TTL` and `LockDelay` (nanoseconds or unit text, 10 s to 24 h; 15 s each by default). */
  readonly Lock?: AcquireVariableLockRequest['Lock'];
  /** Items written with the acquisition; left out, the variable keeps its own. */
  readonly Items?: AcquireVariableLockRequest['Items'];
  /** When another holder has the lock, try again every half TTL until it is acquired (or the holder stops). Default false: end with `conflict`. */
  readonly waitForLock?: boolean | undefined;
  /** Told of everything the holder does and meets (safe to log). What it throws is ignored. */
  readonly onEvent?: ((event: VariableLockEvent) => void) | undefined;
  /** First pause after a failure, in ms, doubled each time (core's back-off). Default 1 000. */
  readonly backoffMs?: number | undefined;
  /** Longest pause after failures, in ms. Default 30 000. */
  readonly maxBackoffMs?: number | undefined;
  /**
   * Failures in a row of one step after which it is given up, its error's message then ending "(N
   * failures in a row over T s)"; the third in a row is one warning line on the client's `logger`.
   * Default core's `DEFAULT_MAX_FAILURES` (10).
   */
  readonly maxFailures?: number | undefined;
  /**
   * Where the holder reads the time and waits: its renewals, the lock's lapse, the pauses between
   * retries and between tries to acquire. Default `systemClock` (core). A test gives the clock it moves
   * itself (`createTestClock()` from `@infra-sdk/core/testing`), the same one as the fake scheduler's.
   */
  readonly clock?: Clock | undefined;
}

/** The keys of `HoldVariableLockOptions`: an unknown one is refused at the start, naming the nearest. */
export const holdVariableLockOptionKeys: KeySets = [
  namespaceOptionKeys,
  {
    Lock: 1,
    Items: 1,
    waitForLock: 1,
    onEvent: 1,
    backoffMs: 1,
    maxBackoffMs: 1,
    maxFailures: 1,
    clock: 1,
  } as const satisfies OwnOptionKeys<HoldVariableLockOptions, NamespaceOptions>,
];

// The streak that only counts: the retry loop writes the warning of the third failure in a row on the
// client's logger; this one adds the count and span to the failure that ends a step at the lock's lapse.
const quiet = (): void => {};

/** A lock being held: stopped (and released) by `stop()`, `await using` or the signal. */
export interface VariableLockHolder extends AsyncDisposableWhereAvailable {
  /** The lock as held now (its latest renewal included); undefined before it is acquired and after it ends. */
  readonly current: HeldVariableLock | undefined;
  /** The lock once acquired; rejects with the failure when the holder ended without it. */
  readonly ready: Promise<HeldVariableLock>;
  /** Aborted once the lock is no longer held (lost, released, or never acquired): the guarded work stops on it. */
  readonly signal: AbortSignal;
  /** Resolves (never rejects) when the holder ends. */
  readonly done: Promise<VariableLockEnd>;
  /** Stops the holder, releasing the lock it holds, and resolves to how it ended. */
  stop(): Promise<VariableLockEnd>;
  /** A description without the variable's items (path, lock id, expiry, renewals); `util.inspect` shows the same. */
  toJSON(): Record<string, unknown>;
}

/** A lock time as the scheduler answers it (Go duration text, or nanoseconds) in ms; undefined when unreadable. */
function lockMs(value: VariableLock['TTL'] | undefined): number | undefined {
  try {
    const nanos = typeof value === 'string' ? parseDuration(value) : value;
    return nanos === undefined || nanos <= 0 ? undefined : nanos / 1_000_000;
  } catch {
    return undefined;
  }
}

/** What a step came to: its value, or the failure that ended it. */
type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: InfraSdkError };

/** A failure as the holder reports it: the client's errors as they are, anything else wrapped in one. */
function sdkError(error: unknown): InfraSdkError {
  return InfraSdkError.isInstance(error)
    ? error
    : new InfraSdkError(error instanceof Error ? error.message : String(error), { cause: error });
}

/**
 * `PUT /v1/var/:path?lock-acquire`, then `lock-renew` at half the TTL, then `lock-release`: holds a lock
 * over a variable until stopped. `ready` resolves with the lock once acquired; `signal` aborts when it is
 * no longer held; `done` tells how the holder ended (`stopped`, `lost`, `conflict` or `error`).
 *
 * Options: `Lock` (`TTL`, `LockDelay`), `Items` (written with the acquisition), `waitForLock` (wait for
 * another holder instead of ending), `onEvent`, `signal` (stops the holder); the retry loop's options, and
 * the request options of each call.
 *
 * @example
 * ```ts
 * import { holdVariableLock } from '@infra-sdk/scheduler-client';
 *
 * await using holder = holdVariableLock(core, 'locks/nightly-report', {
 *   Lock: { TTL: '30s' },
 *   waitForLock: true,
 *   onEvent: (event) => console.log(event.type),
 * });
 * const lock = await holder.ready;
 * console.log('leader until', lock.expiresAt); // renewed every 15 s while held
 * // ... the guarded work, stopping when holder.signal aborts ...
 * ```
 * @throws {RequestValidationError} at once, when an option is unknown (naming the nearest one).
 * @throws {RangeError} at once, when `backoffMs` or `maxBackoffMs` cannot make a pause.
 */
export function holdVariableLock(
  core: SchedulerCore,
  path: string,
  options: HoldVariableLockOptions = {},
): VariableLockHolder {
  checkOptions(options, holdVariableLockOptionKeys, 'holdVariableLock options');
  const {
    Lock,
    Items,
    waitForLock = false,
    onEvent,
    backoffMs,
    maxBackoffMs,
    maxFailures,
    clock = systemClock,
    signal,
    ...call
  } = options;
  // Checked now: a holder that could never pause is refused at its start, not at its first failure.
  createBackoff({ initialMs: backoffMs ?? 1_000, maxMs: maxBackoffMs ?? 30_000 });
  const stopper = new AbortController();
  const stopped = stopper.signal;
  const holding = new AbortController();
  let held: HeldVariableLock | undefined;
  let lastLockId: string | undefined;
  let renewals = 0;
  let settleReady: { resolve(lock: HeldVariableLock): void; reject(error: unknown): void } | undefined;
  const ready = new Promise<HeldVariableLock>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // Nobody has to wait for `ready`: a holder that never got the lock says so on `done`.
  ready.catch(() => {});

  const emit = (event: VariableLockEvent): void => {
    try {
      onEvent?.(event);
    } catch {
      // An observer's failure is not the holder's.
    }
  };

  /** Runs `run` until it succeeds, fails for good, `deadline` (by the clock) passes or the holder stops. */
  async function step<T>(
    name: VariableLockStep,
    deadline: number | undefined,
    run: (phase: AbortSignal) => Promise<T>,
  ): Promise<Outcome<T>> {
    const phase = new AbortController();
    const onStop = () => phase.abort();
    stopped.addEventListener('abort', onStop, { once: true });
    if (stopped.aborted) phase.abort();
    const timer = new AbortController();
    if (deadline !== undefined) {
      void clock.sleep(Math.max(0, deadline - clock.now()), timer.signal).then(() => {
        if (!timer.signal.aborted) phase.abort();
      });
    }
    const loop = createRetryLoop({
      clock,
      signal: phase.signal,
      backoffMs,
      maxBackoffMs,
      maxFailures,
      onRetry: (event) => emit({ type: 'retry', step: name, ...event }),
      // The holder's own failures (a lapsed lock) name no request: its log is the client's.
      logger: core.transport.log,
    });
    const tally = createFailureStreak({ clock, logger: quiet });
    let last: unknown;
    try {
      while (loop.running) {
        try {
          const value = await run(phase.signal);
          loop.succeeded();
          return { ok: true, value };
        } catch (error) {
          // Counted one failure late, so that `end` below counts the last one once.
          if (last !== undefined) tally.failed(last, 0);
          last = error;
          await loop.failed(error);
        }
      }
      const ended = sdkError(last ?? new InfraSdkError(`the ${name} step ended before it could run`));
      return { ok: false, error: stopped.aborted ? ended : tally.end(ended) };
    } catch (error) {
      return { ok: false, error: sdkError(error) };
    } finally {
      timer.abort();
      stopped.removeEventListener('abort', onStop);
    }
  }

  const callOptions = (phase: AbortSignal) => ({ ...call, signal: phase });
  const askedTtlMs = (): number => {
    const ttl = Lock?.TTL;
    const ms = typeof ttl === 'number' ? ttl / 1_000_000 : lockMs(ttl ?? '15s');
    return ms ?? 15_000;
  };

  function end(reason: VariableLockEndReason, error?: InfraSdkError): VariableLockEnd {
    return { reason, lockId: lastLockId, renewals, ...(error === undefined ? {} : { error }) };
  }

  /** Acquires the lock; an end when that is not possible. */
  async function acquire(): Promise<HeldVariableLock | VariableLockEnd> {
    for (;;) {
      let sentAt = 0;
      const outcome = await step('acquire', undefined, (phase) => {
        sentAt = clock.now();
        return acquireVariableLock(
          core,
          path,
          { ...(Lock === undefined ? {} : { Lock }), ...(Items === undefined ? {} : { Items }) },
          callOptions(phase),
        );
      });
      if (stopped.aborted) {
        // Acquired as the holder stopped: nobody saw it, so it goes back at once.
        if (outcome.ok && outcome.value.Lock?.ID) await release(outcome.value.Lock.ID);
        return end('stopped');
      }
      if (outcome.ok) {
        const lockId = outcome.value.Lock?.ID;
        if (lockId === undefined || lockId === '') {
          const error = new InfraSdkError(`The scheduler locked ${path} but answered no lock id`);
          emit({ type: 'error', step: 'acquire', error });
          return end('error', error);
        }
        const ttlMs = lockMs(outcome.value.Lock?.TTL) ?? askedTtlMs();
        return {
          path,
          lockId,
          variable: outcome.value,
          acquiredAt: new Date(sentAt),
          expiresAt: new Date(sentAt + ttlMs),
          renewals: 0,
        };
      }
      if (!ConflictError.isInstance(outcome.error)) {
        emit({ type: 'error', step: 'acquire', error: outcome.error });
        return end('error', outcome.error);
      }
      if (!waitForLock) return end('conflict', outcome.error);
      const delayMs = askedTtlMs() / 2;
      emit({ type: 'waiting', error: outcome.error, delayMs });
      await clock.sleep(delayMs, stopped);
      if (stopped.aborted) return end('stopped');
    }
  }

  async function release(lockId: string): Promise<Outcome<unknown>> {
    // A fresh phase: the holder has stopped, and the release must still go out.
    const outcome = await runRelease(lockId);
    if (outcome.ok) emit({ type: 'released', lockId });
    else emit({ type: 'error', step: 'release', error: outcome.error });
    return outcome;
  }

  async function runRelease(lockId: string): Promise<Outcome<unknown>> {
    try {
      return { ok: true, value: await releaseVariableLock(core, path, lockId, { ...call }) };
    } catch (error) {
      return { ok: false, error: sdkError(error) };
    }
  }

  /** Renews `lock` at half its TTL while held; resolves how the holding ended. */
  async function keep(lock: HeldVariableLock): Promise<VariableLockEnd> {
    let current = lock;
    const ttlMs = lock.expiresAt.getTime() - lock.acquiredAt.getTime();
    let lastSent = lock.acquiredAt.getTime();
    for (;;) {
      await clock.sleep(Math.max(0, lastSent + ttlMs / 2 - clock.now()), stopped);
      if (stopped.aborted) break;
      let sentAt = 0;
      const expiresAt = current.expiresAt.getTime();
      const lockId = current.lockId;
      const outcome = await step('renew', expiresAt, (phase) => {
        // Never renew a lock that lapsed by this clock: it is gone.
        if (clock.now() >= expiresAt) {
          throw new InfraSdkError(`the lock over ${path} lapsed before it was renewed`);
        }
        sentAt = clock.now();
        return renewVariableLock(core, path, lockId, callOptions(phase));
      });
      if (stopped.aborted) break;
      if (!outcome.ok) {
        const error =
          ConflictError.isInstance(outcome.error) || clock.now() < expiresAt
            ? outcome.error
            : new InfraSdkError(
                `The lock over ${path} lapsed before a renewal got through; the last renewal failed: ${outcome.error.message}`,
                { cause: outcome.error },
              );
        held = undefined;
        holding.abort(error);
        emit({ type: 'lost', lockId, error });
        return end('lost', error);
      }
      renewals += 1;
      lastSent = sentAt;
      current = {
        ...current,
        expiresAt: new Date(Math.max(expiresAt, sentAt + ttlMs)),
        renewals: current.renewals + 1,
      };
      held = current;
      emit({ type: 'renewed', lockId, expiresAt: current.expiresAt });
    }
    held = undefined;
    holding.abort(new InfraSdkError(`the lock over ${path} was released`));
    const released = await release(current.lockId);
    return released.ok ? end('stopped') : end('error', released.error);
  }

  async function run(): Promise<VariableLockEnd> {
    const acquired = await acquire();
    if ('reason' in acquired) return acquired;
    held = acquired;
    lastLockId = acquired.lockId;
    settleReady?.resolve(acquired);
    emit({ type: 'acquired', lockId: acquired.lockId, expiresAt: acquired.expiresAt });
    return keep(acquired);
  }

  const stop = (): void => stopper.abort();
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });

  const done = run()
    .catch((error: unknown) => end('error', sdkError(error)))
    .then((result) => {
      stop();
      signal?.removeEventListener('abort', stop);
      held = undefined;
      holding.abort(result.error ?? new InfraSdkError(`the lock holder of ${path} ended (${result.reason})`));
      settleReady?.reject(
        result.error ??
          new InfraSdkError(`the lock holder of ${path} ended (${result.reason}) without the lock`),
      );
      return result;
    });

  // What the holder shows of itself in a log, JSON or `util.inspect`: never the variable's items.
  const describe = (): Record<string, unknown> => ({
    path,
    lockId: held?.lockId ?? lastLockId,
    expiresAt: held?.expiresAt,
    renewals,
  });
  return {
    get current() {
      return held;
    },
    ready,
    signal: holding.signal,
    done,
    stop: () => {
      stop();
      return done;
    },
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
    [Symbol.asyncDispose]: async () => {
      stop();
      await done;
    },
  };
}
