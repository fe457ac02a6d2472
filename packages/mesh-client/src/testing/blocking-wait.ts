// Blocking queries of the fake wait on its clock: a query answers once the index moves past the one it
// asked for, or once its `wait` has passed by the fake's clock, so a test on a test clock decides when
// a blocked query ends, and no query waits on real time there.
import type { Clock } from '@infra-sdk/core';
import {
  type BlockingIndex,
  type BlockingQueryOptions,
  readBlockingQuery,
  type TestRequest,
} from '@infra-sdk/core/testing';

/** The longest wait the index itself is asked for: the clock's wait ends it first. */
const UNBOUNDED_MS = 2_147_483_647;

/** Waits on `index` as the request's `index` and `wait` ask, `wait` counted on `clock`; returns the index to report. */
export async function blockingWait(
  req: TestRequest,
  index: BlockingIndex,
  limits: BlockingQueryOptions,
  clock: Clock,
): Promise<number> {
  const query = readBlockingQuery(req.query, limits);
  if (query.index === undefined || index.current > query.index || req.signal.aborted) return index.current;
  const done = new AbortController();
  const onAbort = () => done.abort();
  req.signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([
      index.waitFor(query.index, UNBOUNDED_MS, done.signal),
      clock.sleep(query.waitMs, done.signal).then(() => index.current),
    ]);
  } finally {
    req.signal.removeEventListener('abort', onAbort);
    // Whichever ended first, the other wait goes with it: no timer or sleeper outlives the query.
    done.abort();
  }
}
