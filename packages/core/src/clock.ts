import { delay } from './delay.js';

/**
 * Where long-lived work (keepers, watches, followers, back-off between retries) reads the time and
 * waits. The system clock is the default; a test passes a clock it moves itself
 * (`createTestClock` in `@infra-sdk/core/testing`), so a lifetime of hours runs in milliseconds and
 * never races a busy machine.
 *
 * @example
 * ```ts
 * import { type Clock, systemClock } from '@infra-sdk/core';
 *
 * const clock: Clock = systemClock;
 * const started = clock.now();
 * await clock.sleep(10);
 * console.log(clock.now() >= started + 10); // true
 * ```
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Resolves once `ms` have passed by this clock, or sooner when `signal` aborts. It never rejects, so
   * a loop checks the signal afterwards and ends the way it chooses.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The longest wait one timer takes (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** The clock of the runtime: `Date.now()` and timers; waits longer than one timer are made of several. */
export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const end = Date.now() + ms;
    for (let left = ms; left > 0 && !signal?.aborted; left = end - Date.now()) {
      await delay(Math.min(left, MAX_TIMER_MS), signal);
    }
  },
});
