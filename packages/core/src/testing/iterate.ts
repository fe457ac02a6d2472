const ABORTED = Symbol('aborted');

function whenAborted(signal: AbortSignal): Promise<typeof ABORTED> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(ABORTED);
    else signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
  });
}

function isAsyncIterable<T>(source: Iterable<T> | AsyncIterable<T>): source is AsyncIterable<T> {
  return Symbol.asyncIterator in source;
}

function closeQuietly(iterator: Iterator<unknown> | AsyncIterator<unknown>): void {
  try {
    // A failing cleanup of the source must not surface as an unhandled rejection.
    Promise.resolve(iterator.return?.()).catch(() => undefined);
  } catch {
    // Same reason, for a synchronous throw.
  }
}

/** Feeds each value to `step`: true when the source ended, false when `step` or the signal stopped it; rejects if the source fails. */
export async function forEachValue<T>(
  source: Iterable<T> | AsyncIterable<T>,
  signal: AbortSignal,
  step: (value: T, index: number) => Promise<boolean>,
): Promise<boolean> {
  const iterator = isAsyncIterable(source) ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  // Racing each next() against the abort lets a stream waiting on a quiet source end when the client leaves.
  const aborted = whenAborted(signal);
  let finished = false;
  try {
    for (let index = 0; ; index += 1) {
      const pending = Promise.resolve(iterator.next());
      pending.catch(() => undefined);
      const next = await Promise.race([pending, aborted]);
      if (next === ABORTED) return false;
      if (next.done) {
        finished = true;
        return true;
      }
      if (!(await step(next.value, index))) return false;
    }
  } catch (error) {
    finished = true;
    throw error;
  } finally {
    if (!finished) closeQuietly(iterator);
  }
}
