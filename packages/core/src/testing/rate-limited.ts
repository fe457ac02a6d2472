// A service's rate limit, for testing a client's own: what a real service does to a client that sends
// faster than it allows, timed by the same clock the client under test waits on.
import type { Clock } from '../clock.js';
import { checkOptions, type OptionKeys } from '../option-keys.js';
import type { Handler } from './types.js';

/** Options of {@link rateLimited}. */
export interface RateLimitedOptions {
  /** Requests allowed in any second (a sliding window of 1 000 ms); above 0. */
  readonly perSecond: number;
  /** The clock that times the window: the test's clock, given to the client under test too. */
  readonly clock: Clock;
  /** Seconds sent in `Retry-After` with each 429. Default 1. */
  readonly retryAfterSeconds?: number | undefined;
}

/** A handler that counts what it let through and what it refused. */
export type RateLimitedHandler = Handler & {
  /** When each request it let through arrived, by the clock. */
  readonly accepted: readonly number[];
  /** How many requests it answered 429. */
  readonly refused: number;
};

/**
 * Hands a request to `handler` while fewer than `perSecond` requests were let through in the last
 * second by `options.clock`, and answers 429 with `Retry-After` above that.
 *
 * @example
 * ```ts
 * import { createTestClock, rateLimited, startTestServer } from '@infra-sdk/core/testing';
 *
 * const clock = createTestClock();
 * await using server = await startTestServer();
 * const limited = rateLimited({ perSecond: 25, clock }, (_req, res) => res.json(200, { ok: true }));
 * server.route('GET', '/v1/items', limited);
 * // ... run the client under test with `clock`, then:
 * console.log(limited.refused); // 0 when the client kept under 25 per second
 * ```
 * @throws {RangeError} when `perSecond` is not above 0.
 */
export function rateLimited(options: RateLimitedOptions, handler: Handler): RateLimitedHandler {
  checkOptions(
    options,
    { perSecond: 1, clock: 1, retryAfterSeconds: 1 } satisfies OptionKeys<RateLimitedOptions>,
    'rateLimited options',
  );
  const { perSecond, clock } = options;
  if (!(perSecond > 0)) throw new RangeError(`perSecond must be above 0, not ${perSecond}`);
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  const accepted: number[] = [];
  let refused = 0;
  const limited: Handler = (req, res) => {
    const now = clock.now();
    const inWindow = accepted.filter((at) => at > now - 1000).length;
    if (inWindow >= perSecond) {
      refused += 1;
      return res.json(429, { errors: ['rate limit exceeded'] }, { 'retry-after': retryAfter });
    }
    accepted.push(now);
    return handler(req, res);
  };
  return Object.defineProperties(limited, {
    accepted: { value: accepted, enumerable: true },
    refused: { get: () => refused, enumerable: true },
  }) as RateLimitedHandler;
}
