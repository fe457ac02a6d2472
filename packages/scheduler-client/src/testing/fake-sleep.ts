// How the fake waits: on the clock it was given, so a test that moves a test clock moves the fake's
// rollouts, deadlines, heartbeats and blocking waits with it. On the system clock a wait holds no timer
// that keeps the process alive: a fake that a test forgot to close must not keep the process running.
import { type Clock, systemClock } from '@infra-sdk/core';

/** Resolves after `ms` by the fake's clock, or sooner when `signal` aborts; never rejects. */
export type FakeSleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The longest wait one timer takes (2^31 - 1 ms); a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** A timer that lets the process exit while it runs. */
function unreferencedSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.min(Math.max(ms, 0), MAX_TIMER_MS));
    timer.unref();
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The waits of a fake on `clock`. */
export function fakeSleep(clock: Clock): FakeSleep {
  if (clock === systemClock) return unreferencedSleep;
  return (ms, signal) => clock.sleep(ms, signal);
}
