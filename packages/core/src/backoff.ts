// One back-off for every loop that asks a server again and again (watches, polls, waits): it grows while
// the server says nothing new and starts over when something moves, so an odd server never gets a hot loop.

/** Settings of a back-off. */
export interface BackoffOptions {
  /** First pause in ms. Default 1 000. */
  readonly initialMs?: number;
  /** Longest pause in ms. Default 30 000. */
  readonly maxMs?: number;
}

/** A growing pause with jitter; `reset()` when the loop sees progress. */
export interface Backoff {
  /** The next pause in ms: doubled per call since the last reset, capped, between half and all of it. */
  next(): number;
  /** Starts over from the first pause. */
  reset(): void;
  /** Pauses handed out since the last reset. */
  readonly count: number;
}

/** Creates a back-off: 1 s, 2 s, 4 s ... up to 30 s by default, each between half and all of that. */
export function createBackoff(options: BackoffOptions = {}): Backoff {
  const initialMs = options.initialMs ?? 1_000;
  const maxMs = Math.max(options.maxMs ?? 30_000, initialMs);
  if (!(initialMs >= 0) || !Number.isFinite(maxMs)) {
    throw new RangeError('a back-off needs a finite initialMs and maxMs of 0 or more');
  }
  let count = 0;
  return {
    next() {
      const base = Math.min(maxMs, initialMs * 2 ** Math.min(count, 52));
      count += 1;
      // Half fixed, half random: many clients that started together spread apart.
      return base / 2 + Math.random() * (base / 2);
    },
    reset() {
      count = 0;
    },
    get count() {
      return count;
    },
  };
}
