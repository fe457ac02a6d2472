// Blocking-query watches: each request waits on the server until the state index moves past the last
// one seen; every change becomes one snapshot.
import { createBackoff } from './backoff.js';
import { systemClock } from './clock.js';
import { AbortError, ResponseValidationError } from './errors.js';
import type { ApiResult, ResponseMeta } from './meta.js';
import { checkOptions, type OwnOptionKeys } from './option-keys.js';
import { type RetryLoopOptions, retryLoopOptionKeys, startRetryLoop } from './retry-loop.js';

/** Fetches the state once, blocking on `index` for up to `waitMs`. */
export type BlockingFetcher<T, M extends ResponseMeta = ResponseMeta> = (
  query: { readonly index: number; readonly waitMs: number },
  signal: AbortSignal,
) => Promise<ApiResult<T, M>>;

/**
 * Options of a watch. Failed requests are retried as `createRetryLoop` does: `onRetry` hears of each
 * retry, the third failure in a row is one warning line on `logger`, and after `maxFailures` failures in
 * a row (default 10; `Infinity` for never) the last one is thrown, its message ending "(N failures in a
 * row over T s)". Without a `signal` a watch runs, and keeps its process alive, until it fails.
 */
export interface WatchOptions extends RetryLoopOptions {
  /** Index to start after; 0 (default) yields the current state first. */
  readonly index?: number | undefined;
  /** Longest wait of each blocking request in ms. Default 5 minutes. */
  readonly waitMs?: number | undefined;
  /** Ends the watch (quietly) and aborts the request in flight. */
  readonly signal?: AbortSignal | undefined;
  /**
   * First back-off in ms after a failed request, or after an answer that came back early with an index
   * that did not move or went backwards; doubled each time in a row, with jitter. Default 1 000.
   */
  readonly backoffMs?: number | undefined;
}

/** The keys `WatchOptions` adds to `RetryLoopOptions` (checked against `[retryLoopOptionKeys, watchOptionKeys]`). */
export const watchOptionKeys = {
  index: 1,
  waitMs: 1,
} as const satisfies OwnOptionKeys<WatchOptions, RetryLoopOptions>;

/**
 * Follows a blocking endpoint: yields the state each time its index moves, until aborted. Transient
 * failures are retried with back-off; aborting the signal ends the watch quietly. A fetcher that sends
 * each request once (`retry: false`) lets the watch count every failure and warn at the third.
 *
 * @example
 * ```ts
 * import { createTransport, watch } from '@infra-sdk/core';
 *
 * const mesh = createTransport({ baseUrl: 'http://127.0.0.1:8500', pathPrefix: '/v1', metaHeaders: { index: 'X-Mesh-Index' } });
 * const controller = new AbortController();
 * const snapshots = watch(
 *   (query, signal) => mesh.request({ method: 'GET', path: '/namespaces', blocking: query }, { signal, retry: false }).withMeta(),
 *   { waitMs: 60_000, signal: controller.signal },
 * );
 * for await (const { data, meta } of snapshots) {
 *   console.log(meta.index, data);
 *   controller.abort(); // or keep going: one snapshot per change
 * }
 * ```
 * @throws {ResponseValidationError} (`missing-index`) when an answer carries no index.
 * @throws {RangeError} when `maxFailures` is below 1.
 * @throws {RequestValidationError} before the first request, when `options` holds a key that is not an
 *   option of a watch.
 * @throws {ApiError} the fetcher's error when it will not pass by waiting (a 4xx), and any other error
 *   the fetcher throws, as it is.
 * @throws {ConnectionError | TimeoutError | ServerError | RateLimitError} the last of `maxFailures`
 *   transient failures in a row, its message ending with their count and span.
 */
export function watch<T, M extends ResponseMeta = ResponseMeta>(
  fetcher: BlockingFetcher<T, M>,
  options: WatchOptions = {},
): AsyncGenerator<ApiResult<T, M>, void, undefined> {
  return follow(fetcher, options, true);
}

/** `watch`, checking `options` (when `check`) on the first step: a caller's own keys ride along otherwise. */
export async function* follow<T, M extends ResponseMeta = ResponseMeta>(
  fetcher: BlockingFetcher<T, M>,
  options: WatchOptions,
  check: boolean,
): AsyncGenerator<ApiResult<T, M>, void, undefined> {
  if (check) checkOptions(options, [retryLoopOptionKeys, watchOptionKeys], 'watch options');
  const waitMs = options.waitMs ?? 300_000;
  const backoffMs = options.backoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const clock = options.clock ?? systemClock;
  const controller = new AbortController();
  const outer = options.signal;
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  let index = options.index ?? 0;
  const failures = startRetryLoop({ ...options, signal: controller.signal });
  // Answers that say nothing new before the wait is out: a server that does that must not get a hot loop.
  const stalls = createBackoff({ initialMs: backoffMs, maxMs: maxBackoffMs });
  // After the index went backwards, the next move is the resync, not progress.
  let resyncing = false;
  const pauseAfter = async (elapsed: number) => {
    await clock.sleep(Math.max(0, stalls.next() - elapsed), controller.signal);
  };
  try {
    while (failures.running) {
      let result: ApiResult<T, M>;
      const startedAt = clock.now();
      try {
        result = await fetcher({ index, waitMs }, controller.signal);
      } catch (error) {
        if (controller.signal.aborted || AbortError.isInstance(error)) return;
        await failures.failed(error);
        continue;
      }
      failures.succeeded();
      const next = result.meta.index;
      if (next === undefined) {
        throw new ResponseValidationError('missing-index', 'The service sent no blocking-query index header');
      }
      const elapsed = clock.now() - startedAt;
      if (next < index) {
        // The index went backwards (a restored snapshot, a new leader): start over from the current
        // state, after a pause, so a server whose index keeps going back is not asked in a loop.
        index = 0;
        resyncing = true;
        await pauseAfter(elapsed);
        continue;
      }
      if (next === index && index !== 0) {
        // A wait that ran its course is normal; an early answer with nothing new is not.
        if (elapsed >= waitMs / 2) stalls.reset();
        else await pauseAfter(elapsed);
        continue;
      }
      if (!resyncing) stalls.reset();
      resyncing = false;
      index = Math.max(next, 1);
      yield result;
    }
  } finally {
    outer?.removeEventListener('abort', onAbort);
    controller.abort();
  }
}
