// The client-side rate limiter over real HTTP, timed by a test clock: every attempt of a client takes
// a slot by the client's clock, retries included, and a service's Retry-After holds the slots back.
import { describe, expect, it } from 'vitest';
import { AbortError, createTransport, RateLimitError, type TransportOptions, watch } from '../src/index.js';
import { createTestClock, rateLimited, type TestClock, type TestServer } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();
const START = 1_700_000_000_000;

function client(server: TestServer, clock: TestClock, options: Partial<TransportOptions> = {}) {
  return createTransport({ baseUrl: server.url, pathPrefix: '/v1', clock, fetch: clock.fetch(), ...options });
}

/** Starts every call at once, moves the clock until all have settled, and returns how they settled. */
async function runAll<T>(clock: TestClock, calls: Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  let settled = 0;
  const all = Promise.allSettled(calls.map((call) => call.finally(() => (settled += 1))));
  await clock.runUntil(() => settled === calls.length, { maxSteps: 10_000 });
  return all;
}

describe('rateLimit', () => {
  it('paces 100 calls at 20 per second over at least 4.5 s, never earning a 429 from a service allowing 25', async () => {
    const clock = createTestClock(START);
    const server = await serve();
    const limited = rateLimited({ perSecond: 25, clock }, (_req, res) => res.json(200, { ok: true }));
    server.route('GET', '/v1/items', limited);
    // No retries: a single 429 would fail its call.
    const transport = client(server, clock, { rateLimit: { perSecond: 20 }, retry: false });
    const results = await runAll(
      clock,
      Array.from({ length: 100 }, () => transport.request({ method: 'GET', path: '/items' })),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(limited.refused).toBe(0);
    expect(limited.accepted).toHaveLength(100);
    expect(clock.now() - START).toBeGreaterThanOrEqual(4_500);
    // Evenly spaced on the service's side too: never more than 21 in a second, both ends included.
    for (const at of limited.accepted) {
      expect(
        limited.accepted.filter((other) => other >= at && other <= at + 1000).length,
      ).toBeLessThanOrEqual(21);
    }
  });

  it('without it, the same calls earn 429s from the same service (the fake tells)', async () => {
    const clock = createTestClock(START);
    const server = await serve();
    const limited = rateLimited({ perSecond: 25, clock }, (_req, res) => res.json(200, { ok: true }));
    server.route('GET', '/v1/items', limited);
    const transport = client(server, clock, { retry: false });
    // Nothing waits on the clock: every call goes at once.
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => transport.request({ method: 'GET', path: '/items' })),
    );
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(5);
    expect(rejected.every((result) => RateLimitError.isInstance(result.reason))).toBe(true);
  });

  it('lets a burst go at once, then spaces the rest', async () => {
    const clock = createTestClock(START);
    const server = await serve();
    const limited = rateLimited({ perSecond: 100, clock }, (_req, res) => res.json(200, {}));
    server.route('GET', '/v1/items', limited);
    const transport = client(server, clock, { rateLimit: { perSecond: 2, burst: 3 } });
    await runAll(
      clock,
      Array.from({ length: 5 }, () => transport.request({ method: 'GET', path: '/items' })),
    );
    expect(limited.accepted.map((at) => at - START)).toEqual([0, 0, 0, 500, 1000]);
  });

  it("spends a slot on each retry, and a 429's Retry-After holds back every call of the client", async () => {
    const clock = createTestClock(START);
    const server = await serve();
    const arrived: number[] = [];
    let first = true;
    server.route('GET', '/v1/items', (_req, res) => {
      arrived.push(clock.now() - START);
      if (first) {
        first = false;
        // The 10 ms ky waits run on the system's timers; the 10 ms hold runs on the client's clock.
        return res.json(429, { errors: ['slow down'] }, { 'retry-after': '0.01' });
      }
      return res.json(200, {});
    });
    server.route('GET', '/v1/other', (_req, res) => {
      arrived.push(clock.now() - START);
      res.json(200, {});
    });
    const transport = client(server, clock, {
      rateLimit: { perSecond: 1, burst: 5 },
      retry: { baseDelayMs: 1 },
    });
    const [result] = await runAll(clock, [transport.request({ method: 'GET', path: '/items' }).withMeta()]);
    expect(result?.status === 'fulfilled' && result.value.meta.attempts).toBe(2);
    expect(arrived[0]).toBe(0);
    // The retry waited for the hold of Retry-After: not sent before 10 ms of the client's clock.
    expect(arrived[1]).toBeGreaterThanOrEqual(10);
    // A call after the hold goes at once: the burst allows it, and the hold has passed.
    await transport.request({ method: 'GET', path: '/other' });
    expect(arrived[2]).toBe(arrived[1]);
  });

  it("paces a watch's blocking requests like any other call of the client", async () => {
    const clock = createTestClock(START);
    const server = await serve();
    const arrived: number[] = [];
    server.route('GET', '/v1/items', (_req, res) => {
      arrived.push(clock.now() - START);
      // Each answer moves the index at once, so the watch asks again straight away.
      res.json(200, {}, { 'x-index': String(arrived.length) });
    });
    const transport = client(server, clock, {
      rateLimit: { perSecond: 2 },
      metaHeaders: { index: 'X-Index' },
    });
    const controller = new AbortController();
    const seen: number[] = [];
    const following = (async () => {
      for await (const { meta } of watch(
        (query, signal) =>
          transport.request({ method: 'GET', path: '/items', blocking: query }, { signal }).withMeta(),
        { waitMs: 60_000, signal: controller.signal, clock },
      )) {
        seen.push(meta.index ?? -1);
        if (seen.length === 4) controller.abort();
      }
    })();
    await clock.runUntil(() => seen.length === 4);
    await following;
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(arrived).toEqual([0, 500, 1000, 1500]);
  });

  it('ends a wait for a slot when the call is aborted, sending nothing', async () => {
    const clock = createTestClock(START);
    const server = await serve();
    server.route('GET', '/v1/items', (_req, res) => res.json(200, {}));
    const transport = client(server, clock, { rateLimit: { perSecond: 1 } });
    await transport.request({ method: 'GET', path: '/items' });
    const controller = new AbortController();
    const waiting = transport.request({ method: 'GET', path: '/items' }, { signal: controller.signal });
    while (clock.pending === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(clock.nextDue).toBe(START + 1000);
    controller.abort();
    const error = await waiting.catch((caught) => caught);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a rate that cannot be kept', () => {
    const base = { baseUrl: 'http://127.0.0.1:1' };
    expect(() => createTransport({ ...base, rateLimit: { perSecond: 0 } })).toThrow(/perSecond/);
    expect(() => createTransport({ ...base, rateLimit: { perSecond: Number.NaN } })).toThrow(/perSecond/);
    expect(() => createTransport({ ...base, rateLimit: { perSecond: 5, burst: 0.5 } })).toThrow(/burst/);
  });
});
