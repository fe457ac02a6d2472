// The one back-off of the SDK: the pause before asking a server again, whether ky retries a call
// (`retry.ts` hands ky this formula as its `delay`), a watch backs off after a failure or an answer
// that says nothing new, or a client's stream or keeper reconnects (`retry-loop.ts`). Exponential,
// capped, with jitter: an odd server never gets a hot loop, and clients that failed together spread apart.
import { checkOptions, type OptionKeys } from './option-keys.js';

/** Settings of a back-off. */
export interface BackoffOptions {
  /** First pause in ms. Default 1 000. */
  readonly initialMs?: number | undefined;
  /** Longest pause in ms. Default 30 000. */
  readonly maxMs?: number | undefined;
}

const backoffOptionKeys = { initialMs: 1, maxMs: 1 } as const satisfies OptionKeys<BackoffOptions>;

/** A growing pause with jitter; `reset()` when the loop sees progress. */
export interface Backoff {
  /** The next pause in ms: doubled per call since the last reset, capped, between half and all of it. */
  next(): number;
  /** Starts over from the first pause. */
  reset(): void;
  /** Pauses handed out since the last reset. */
  readonly count: number;
}

/**
 * The pause after `failures` earlier pauses in a row (0 for the first): `initialMs` doubled that many
 * times, capped at `maxMs`, then between half and all of that. Half fixed, half random: never a retry
 * at once, and many clients that failed together spread apart.
 */
export function backoffDelay(
  failures: number,
  options: { readonly initialMs: number; readonly maxMs: number },
): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(failures, 52));
  return base / 2 + Math.random() * (base / 2);
}

/**
 * Creates a back-off: 1 s, 2 s, 4 s ... up to 30 s by default, each between half and all of that.
 *
 * @example
 * ```ts
 * import { createBackoff, delay } from '@infra-sdk/core';
 *
 * const pauses = createBackoff({ initialMs: 10, maxMs: 100 });
 * for (let round = 0; round < 3; round++) await delay(pauses.next()); // 5–10, 10–20, 20–40 ms
 * pauses.reset(); // after progress: the next pause is short again
 * ```
 * @throws {RangeError} when `initialMs` is negative or `maxMs` is not finite.
 * @throws {RequestValidationError} when `options` holds a key that is neither `initialMs` nor `maxMs`.
 */
export function createBackoff(options: BackoffOptions = {}): Backoff {
  checkOptions(options, backoffOptionKeys, 'back-off options');
  const initialMs = options.initialMs ?? 1_000;
  const maxMs = Math.max(options.maxMs ?? 30_000, initialMs);
  if (!(initialMs >= 0) || !Number.isFinite(maxMs)) {
    throw new RangeError('a back-off needs a finite initialMs and maxMs of 0 or more');
  }
  const settings = { initialMs, maxMs };
  let count = 0;
  return {
    next() {
      count += 1;
      return backoffDelay(count - 1, settings);
    },
    reset() {
      count = 0;
    },
    get count() {
      return count;
    },
  };
}
