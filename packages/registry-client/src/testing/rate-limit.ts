// A fixed window per caller (token, or anonymous): the registry's thresholds are not published, so the
// fake takes them as options.
import type { Clock } from '@infra-sdk/core';

/** Requests allowed per window. */
export interface RateLimitOptions {
  /** Requests a caller may make in one window. */
  readonly requests: number;
  /** Length of a window, in milliseconds. */
  readonly windowMs: number;
}

/** Counts requests per caller by `clock`; `take` returns the milliseconds to wait when the caller is over the limit. */
export function createRateLimiter(options: RateLimitOptions, clock: Clock) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(caller: string): number | undefined {
      const time = clock.now();
      let window = windows.get(caller);
      if (window === undefined || time - window.start >= options.windowMs) {
        window = { start: time, count: 0 };
        windows.set(caller, window);
      }
      window.count += 1;
      return window.count > options.requests ? window.start + options.windowMs - time : undefined;
    },
  };
}
