/**
 * Waits `ms`, or less when `signal` aborts. It resolves either way, so a loop can check the signal
 * afterwards and end the way it chooses (quietly, or with its own AbortError).
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
