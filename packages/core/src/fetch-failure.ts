// What fetch itself failed with: a network failure, whatever its message. Kept apart from anything else
// thrown during an attempt (a hook's error, a refused redirect), which is never retried.
const failures = new WeakSet<Error>();

/** Records `error` as one that fetch itself threw. */
export function markFetchFailure(error: Error): void {
  failures.add(error);
}

/** Whether fetch itself failed with `error`. */
export function isFetchFailure(error: unknown): error is Error {
  return error instanceof Error && failures.has(error);
}
