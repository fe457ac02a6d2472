// The resilience tools every loop shares: one back-off, one loop helper, and watches built on them.
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  ConnectionError,
  createRetryLoop,
  createTransport,
  DEFAULT_MAX_FAILURES,
  NotFoundError,
  RateLimitError,
  type RetryLoopEvent,
  ServerError,
  watch,
} from '../src/index.js';
import { createTestClock, statusSequence } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();
const transient = () => new ConnectionError('the service could not be reached (ECONNREFUSED)');

describe('backoffDelay', () => {
  it('doubles from the first pause up to the cap, each pause between half and all of it', () => {
    const settings = { initialMs: 100, maxMs: 1_000 };
    for (let round = 0; round < 50; round++) {
      const pauses = [0, 1, 2, 3, 4, 10, 60].map((failures) => backoffDelay(failures, settings));
      const bases = [100, 200, 400, 800, 1_000, 1_000, 1_000];
      pauses.forEach((pause, i) => {
        expect(pause).toBeGreaterThanOrEqual((bases[i] ?? 0) / 2);
        expect(pause).toBeLessThanOrEqual(bases[i] ?? 0);
      });
    }
  });
});

describe('createRetryLoop', () => {
  it('reports each retry with its number and pause, and starts over after a success', async () => {
    const events: RetryLoopEvent[] = [];
    const loop = createRetryLoop({
      backoffMs: 1,
      maxBackoffMs: 4,
      onRetry: (event) => void events.push(event),
    });
    await loop.failed(transient());
    await loop.failed(transient());
    expect(loop.failures).toBe(2);
    loop.succeeded();
    expect(loop.failures).toBe(0);
    await loop.failed(transient());
    expect(events.map((e) => e.attempt)).toEqual([1, 2, 1]);
    for (const event of events) {
      expect(ConnectionError.isInstance(event.error)).toBe(true);
      expect(event.delayMs).toBeGreaterThan(0);
      expect(event.delayMs).toBeLessThanOrEqual(4);
    }
  });

  it(`gives up after ${DEFAULT_MAX_FAILURES} failures in a row by default, with the last one`, async () => {
    const loop = createRetryLoop({ backoffMs: 0 });
    const errors = Array.from({ length: DEFAULT_MAX_FAILURES }, () => transient());
    for (const error of errors.slice(0, -1)) await loop.failed(error);
    await expect(loop.failed(errors.at(-1))).rejects.toBe(errors.at(-1));
  });

  it('retries for as long as the signal allows with maxFailures Infinity, and ends on abort', async () => {
    const controller = new AbortController();
    const loop = createRetryLoop({
      backoffMs: 0,
      maxFailures: Number.POSITIVE_INFINITY,
      signal: controller.signal,
    });
    for (let i = 0; i < 3 * DEFAULT_MAX_FAILURES; i++) await loop.failed(transient());
    expect(loop.running).toBe(true);
    controller.abort();
    expect(loop.running).toBe(false);
    // After the abort a failure is neither counted nor thrown: the loop ends the way it chooses.
    await loop.failed(new NotFoundError({ status: 404, method: 'GET', url: 'http://h/x' }));
  });

  it('ends at once on a failure that will not pass by waiting', async () => {
    const events: RetryLoopEvent[] = [];
    const loop = createRetryLoop({ onRetry: (event) => void events.push(event) });
    const notFound = new NotFoundError({ status: 404, method: 'GET', url: 'http://h/x' });
    await expect(loop.failed(notFound)).rejects.toBe(notFound);
    const bug = new TypeError('undefined is not a function');
    await expect(loop.failed(bug)).rejects.toBe(bug);
    expect(events).toEqual([]);
  });

  it('waits at least what the service asked for with Retry-After, on its clock', async () => {
    const clock = createTestClock(0);
    const events: RetryLoopEvent[] = [];
    const loop = createRetryLoop({ backoffMs: 1, clock, onRetry: (event) => void events.push(event) });
    let resumed = false;
    const pause = loop
      .failed(new RateLimitError({ status: 429, method: 'GET', url: 'http://h/x', retryAfterMs: 3_600_000 }))
      .then(() => {
        resumed = true;
      });
    await clock.runUntil(() => clock.pending === 1);
    expect(events[0]?.delayMs).toBe(3_600_000);
    expect(clock.nextDue).toBe(3_600_000);
    await clock.advance(3_599_999);
    expect(resumed).toBe(false);
    await clock.advance(1);
    await pause;
    expect(resumed).toBe(true);
  });

  it('waits its back-off on its clock, not on the system timers', async () => {
    const clock = createTestClock(0);
    const loop = createRetryLoop({ backoffMs: 60_000, maxBackoffMs: 60_000, clock });
    const pause = loop.failed(transient());
    await clock.runUntil(() => clock.pending === 1);
    // Between half and all of the first pause, with jitter.
    expect(clock.nextDue).toBeGreaterThanOrEqual(30_000);
    expect(clock.nextDue).toBeLessThanOrEqual(60_000);
    await clock.next();
    await pause;
    expect(clock.pending).toBe(0);
  });

  it('ends a pause early when the signal aborts', async () => {
    const clock = createTestClock(0);
    const controller = new AbortController();
    const loop = createRetryLoop({ backoffMs: 60_000, signal: controller.signal, clock });
    const pause = loop.failed(transient());
    await clock.runUntil(() => clock.pending === 1);
    controller.abort();
    await pause;
    // The pause ended without the clock moving: the abort, not the time, ended it.
    expect(clock.pending).toBe(0);
    expect(clock.now()).toBe(0);
  });

  it('refuses a maxFailures below 1', () => {
    expect(() => createRetryLoop({ maxFailures: 0 })).toThrow(RangeError);
  });
});

describe('watch on the retry loop', () => {
  it('tells onRetry of each failed request and carries on', async () => {
    const server = await serve();
    server.route(
      'GET',
      '/v1/x',
      statusSequence([503, 502], (_req, res) => res.json(200, [], { 'x-index': '7' })),
    );
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      retry: false,
      metaHeaders: { index: 'X-Index' },
    });
    const retries: Array<[number, string]> = [];
    const iterator = watch(
      (query, signal) =>
        transport.send(
          { method: 'GET', path: '/x', blocking: { index: query.index, waitMs: 1_000 } },
          { signal },
        ),
      { backoffMs: 1, onRetry: (event) => void retries.push([event.attempt, (event.error as Error).name]) },
    );
    const first = await iterator.next();
    await iterator.return();
    expect(first.value?.meta.index).toBe(7);
    expect(retries).toEqual([
      [1, 'ServiceUnavailableError'],
      [2, 'ServerError'],
    ]);
  });

  it(`ends with the last error after ${DEFAULT_MAX_FAILURES} failures in a row by default`, async () => {
    let calls = 0;
    const error = await watch(
      async () => {
        calls += 1;
        throw new ServerError({ status: 500, method: 'GET', url: 'http://h/x' });
      },
      { backoffMs: 0 },
    )
      .next()
      .catch((e: unknown) => e);
    expect(ServerError.isInstance(error)).toBe(true);
    expect(calls).toBe(DEFAULT_MAX_FAILURES);
  });
});
