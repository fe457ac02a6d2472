// When a keeper acts. A fleet that started together must not renew together, so every point is drawn at
// random from a share of the remaining life. The time is read and waited for on the keeper's clock, so
// a test moves it instead of waiting for it.
import type { Clock } from '@infra-sdk/core';

/** Shares of the remaining life, `[from, to]` with 0 < from <= to < 1. */
export type LifeShare = readonly [from: number, to: number];

/** Checks a share given as an option. */
export function checkShare(share: LifeShare, name: string): LifeShare {
  const [from, to] = share;
  if (!(from > 0 && from <= to && to < 1)) {
    throw new RangeError(
      `${name} must be two shares of the remaining life with 0 < from <= to < 1, not [${from}, ${to}]`,
    );
  }
  return share;
}

/** A random moment between `from` and `to` of the time between `now` and `end`. */
export function pointIn(share: LifeShare, now: number, end: number): number {
  const [from, to] = share;
  return now + (end - now) * (from + Math.random() * (to - from));
}

/** Waits until `clock` reads `at` (or for ever when it is undefined), or less when `signal` aborts. */
export async function waitUntil(clock: Clock, at: number | undefined, signal: AbortSignal): Promise<void> {
  if (at === undefined) {
    if (!signal.aborted)
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    return;
  }
  // A timer may fire a little early (Node counts from the loop's cached time): what is left is waited too.
  for (let left = at - clock.now(); left > 0 && !signal.aborted; left = at - clock.now()) {
    await clock.sleep(left, signal);
  }
}

/** A signal that aborts with `parent`, or when `clock` reaches `at` (never when undefined); `clear()` when done with it. */
export function deadlineSignal(
  clock: Clock,
  parent: AbortSignal,
  at: number | undefined,
): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  parent.addEventListener('abort', abort, { once: true });
  if (parent.aborted) abort();
  const ended = new AbortController();
  void waitUntil(clock, at, AbortSignal.any([controller.signal, ended.signal])).then(() => {
    if (!ended.signal.aborted) abort();
  });
  return {
    signal: controller.signal,
    clear: () => {
      ended.abort();
      parent.removeEventListener('abort', abort);
    },
  };
}
