// Loops that run until their signal aborts (a watch, an event stream, a lease keeper) meet failures on
// the way. This is the one place that counts them, backs off between them, tells an observer about each
// retry, and ends the loop when a failure will not pass by waiting or when too many came in a row.

import { ApiError, isTransientError, type TransientError } from './api-errors.js';
import { createBackoff } from './backoff.js';
import { type Clock, systemClock } from './clock.js';
import { createFailureStreak } from './failure-streak.js';
import type { Logger } from './log.js';
import { checkOptions, type OptionKeys } from './option-keys.js';

/** Failures in a row after which a retry loop gives up, unless told otherwise. */
export const DEFAULT_MAX_FAILURES = 10;

/** What the observer of a retry loop learns before each retry. */
export interface RetryLoopEvent {
  /**
   * The failure that is about to be retried: only a failure that may pass by waiting is retried (see
   * `isTransientError`), so it is one of core's `ConnectionError`, `TimeoutError`, `ServerError`
   * (`ServiceUnavailableError` included) or `RateLimitError`; anything else ends the loop instead.
   */
  readonly error: TransientError;
  /** The number of this retry: failures in a row so far, 1 before the first retry. */
  readonly attempt: number;
  /** The pause before the retry, in ms: the back-off, or the service's `Retry-After` when longer. */
  readonly delayMs: number;
}

/** Settings of a retry loop. */
export interface RetryLoopOptions {
  /** Ends the loop: `running` turns false and a pause in progress ends at once. */
  readonly signal?: AbortSignal | undefined;
  /** First pause in ms after a failure, doubled each time in a row, with jitter. Default 1 000. */
  readonly backoffMs?: number | undefined;
  /** Longest pause in ms. Default 30 000. */
  readonly maxBackoffMs?: number | undefined;
  /**
   * Failures in a row, with no success between them, after which the last one is thrown. Default 10;
   * `Infinity` retries transient failures for as long as the signal allows.
   */
  readonly maxFailures?: number | undefined;
  /** Told before each retry: which failure, the retry's number and the pause before it. */
  readonly onRetry?: ((event: RetryLoopEvent) => void | Promise<void>) | undefined;
  /**
   * Where the loop waits its pauses and, in a watch, reads the time (how long a blocking request took,
   * so an early answer with nothing new is told from a wait that ran its course). Default
   * `systemClock`; a test passes `createTestClock()` from `@infra-sdk/core/testing` and moves it itself.
   */
  readonly clock?: Clock | undefined;
  /**
   * Where the warning of the third failure in a row goes (one line: the request, the failure, the next
   * try). Default: the logger of the client whose request failed (its `logger` and `logLevel` options,
   * `<PREFIX>_LOG_LEVEL`), or the console at `warn` for a failure of no client's request.
   */
  readonly logger?: Logger | undefined;
}

/** The keys of `RetryLoopOptions`, for checking options that extend them. */
export const retryLoopOptionKeys = {
  signal: 1,
  backoffMs: 1,
  maxBackoffMs: 1,
  maxFailures: 1,
  onRetry: 1,
  clock: 1,
  logger: 1,
} as const satisfies OptionKeys<RetryLoopOptions>;

/** The failure bookkeeping of one loop: `succeeded()` after each success, `failed(error)` after each failure. */
export interface RetryLoop {
  /** False once the signal has aborted: the loop should end. */
  readonly running: boolean;
  /** Failures in a row since the last success. */
  readonly failures: number;
  /** Records a success: the count of failures and the back-off start over. */
  succeeded(): void;
  /**
   * Records a failure. Throws `error` at once when it will not pass by waiting (see `isTransientError`)
   * or when it is the `maxFailures`-th in a row, its message then ending "(N failures in a row over T
   * s)" when N is 2 or more; otherwise tells `onRetry` and waits the pause (less when the signal aborts,
   * and nothing when it already has). The third failure in a row writes one warning line to `logger`.
   * Resolves when the loop may try again.
   */
  failed(error: unknown): Promise<void>;
}

/**
 * Creates the failure bookkeeping of a loop that runs until `options.signal` aborts.
 *
 * @example
 * ```ts
 * import { createRetryLoop, createTransport } from '@infra-sdk/core';
 *
 * const mesh = createTransport({ baseUrl: 'http://127.0.0.1:8500', pathPrefix: '/v1' });
 * const controller = new AbortController();
 * const loop = createRetryLoop({ signal: controller.signal, onRetry: (e) => console.log('retry', e.attempt) });
 * while (loop.running) {
 *   try {
 *     console.log(await mesh.request({ method: 'GET', path: '/namespaces' }));
 *     loop.succeeded();
 *     controller.abort(); // one round is enough here
 *   } catch (error) {
 *     await loop.failed(error); // throws once the failure will not pass by waiting
 *   }
 * }
 * ```
 * @throws {RangeError} when `maxFailures` is below 1.
 * @throws {RequestValidationError} when `options` holds a key that is not an option of the loop.
 */
export function createRetryLoop(options: RetryLoopOptions = {}): RetryLoop {
  checkOptions(options, retryLoopOptionKeys, 'retry loop options');
  return startRetryLoop(options);
}

/** `createRetryLoop` for options that carry keys of a caller's own besides the loop's (a watch's). */
export function startRetryLoop(options: RetryLoopOptions): RetryLoop {
  const { signal, onRetry, clock = systemClock, logger } = options;
  const maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
  if (!(maxFailures >= 1)) {
    throw new RangeError(`maxFailures must be 1 or more (Infinity: never give up), not ${maxFailures}`);
  }
  const backoff = createBackoff({
    initialMs: options.backoffMs ?? 1_000,
    maxMs: options.maxBackoffMs ?? 30_000,
  });
  const streak = createFailureStreak({ clock, logger });
  return {
    get running() {
      return !signal?.aborted;
    },
    get failures() {
      return backoff.count;
    },
    succeeded() {
      backoff.reset();
      streak.succeeded();
    },
    async failed(error) {
      if (signal?.aborted) return;
      if (!isTransientError(error) || backoff.count + 1 >= maxFailures) throw streak.end(error);
      // A service that said how long to wait is not asked again sooner.
      const asked = ApiError.isInstance(error) ? (error.retryAfterMs ?? 0) : 0;
      const delayMs = Math.max(asked, backoff.next());
      streak.failed(error, delayMs);
      await onRetry?.({ error, attempt: backoff.count, delayMs });
      await clock.sleep(delayMs, signal);
    },
  };
}
