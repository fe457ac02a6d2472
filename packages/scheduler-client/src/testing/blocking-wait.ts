// Blocking queries of the fake wait on its clock: a query answers once its table's index moves past
// the one asked, or once its `wait` (plus the service's random extra of up to wait/16, when on) has
// passed by the fake's clock, so a test on a test clock moves a blocked query's end as it moves time.
import {
  type BlockingIndex,
  type BlockingWaitOptions,
  readBlockingQuery,
  type TestRequest,
} from '@infra-sdk/core/testing';
import type { FakeSleep } from './fake-sleep.js';

/** How the fake's blocking queries wait: the service's limits and jitter, on the fake's clock. */
export interface FakeBlocking extends BlockingWaitOptions {
  readonly sleep: FakeSleep;
}

/** The longest wait the index itself is asked for: the clock's wait ends it first. */
const UNBOUNDED_MS = 2_147_483_647;

/** Waits on `index` as the request's `index` and `wait` ask, and returns the index to report. */
export async function blockingWait(
  req: TestRequest,
  index: BlockingIndex,
  blocking: FakeBlocking,
): Promise<number> {
  // Core reads the query with its own limits only: the fake's sleep is not one of them.
  const { sleep: _sleep, ...limits } = blocking;
  const query = readBlockingQuery(req.query, limits);
  if (query.index === undefined || index.current > query.index || req.signal.aborted) return index.current;
  const extra = blocking.jitter === true ? Math.random() * (query.waitMs / 16) : 0;
  const done = new AbortController();
  const onAbort = () => done.abort();
  req.signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([
      index.waitFor(query.index, UNBOUNDED_MS, done.signal),
      blocking.sleep(query.waitMs + extra, done.signal).then(() => index.current),
    ]);
  } finally {
    req.signal.removeEventListener('abort', onAbort);
    // Whichever ended first, the other wait goes with it: no timer or sleeper outlives the query.
    done.abort();
  }
}
