// The client-side rate limiter (vault's `Config.Limiter`): every attempt of every call of one client,
// retries, watches and keepers included, takes a slot before it is sent, so a batch job paces itself
// instead of earning 429s. Slots are handed out by the client's clock, in the order they are asked for.
import type { Clock } from './clock.js';
import { checkOptions, type OptionKeys } from './option-keys.js';

/** A client's request rate: requests per second, and how many may go at once after a quiet spell. */
export interface RateLimit {
  /** Requests per second, above 0 (fractions allowed: `0.5` is one request every two seconds). */
  readonly perSecond: number;
  /**
   * Requests that may go at once, without waiting, after a quiet spell; a whole number of 1 or more.
   * Default 1: requests go evenly spaced, never faster than `perSecond` in any second.
   */
  readonly burst?: number | undefined;
}

const rateLimitKeys = { perSecond: 1, burst: 1 } as const satisfies OptionKeys<RateLimit>;

/** Slots for the attempts of one client. */
export interface RateLimiter {
  /** Waits for the next slot by the clock; resolves early when `signal` aborts (the slot is spent). */
  take(signal?: AbortSignal): Promise<void>;
  /** No slot before `at` (the clock's time): a service that said `Retry-After` is not asked sooner. */
  holdUntil(at: number): void;
}

/** Checks `limit` and returns the limiter of one client, or undefined when there is no limit. */
export function createRateLimiter(limit: RateLimit | undefined, clock: Clock): RateLimiter | undefined {
  if (limit === undefined) return undefined;
  checkOptions(limit, rateLimitKeys, 'rateLimit');
  const { perSecond } = limit;
  const burst = limit.burst ?? 1;
  if (typeof perSecond !== 'number' || !(perSecond > 0) || !Number.isFinite(perSecond)) {
    throw new RangeError(
      `rateLimit.perSecond must be a number of requests per second above 0, not ${perSecond}`,
    );
  }
  if (!Number.isSafeInteger(burst) || burst < 1) {
    throw new RangeError(`rateLimit.burst must be a whole number of 1 or more, not ${burst}`);
  }
  // A generic cell rate algorithm: `due` is when the next slot falls if slots go evenly spaced; up to
  // `burst - 1` intervals of slack let a burst go at once after a quiet spell.
  const interval = 1000 / perSecond;
  const slack = (burst - 1) * interval;
  let due = Number.NEGATIVE_INFINITY;
  let held = Number.NEGATIVE_INFINITY;
  return {
    async take(signal) {
      const now = clock.now();
      const slot = Math.max(due, now, held);
      due = slot + interval;
      const at = Math.max(slot - slack, held, now);
      if (at > now) await clock.sleep(at - now, signal);
    },
    holdUntil(at) {
      if (at > held) held = at;
    },
  };
}
