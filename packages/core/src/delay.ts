/**
 * Waits `ms`, or less when `signal` aborts. It resolves either way, so a loop can check the signal
 * afterwards and end the way it chooses (quietly, or with its own AbortError).
 *
 * @example
 * ```ts
 * import { delay } from '@infra-sdk/core';
 *
 * const signal = AbortSignal.timeout(50);
 * await delay(60_000, signal); // returns after 50 ms, without throwing
 * console.log(signal.aborted); // true
 * ```
 */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
