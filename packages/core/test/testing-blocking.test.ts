import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BlockingIndex,
  blockingWait,
  parseWaitMs,
  readBlockingQuery,
  startTestServer,
  type TestServer,
} from '../src/testing/index.js';

const servers: TestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Lets pending promise callbacks run, so a wrongly settled promise would show. */
async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('BlockingIndex', () => {
  it('starts at 1 by default and bumps by one', () => {
    const index = new BlockingIndex();
    expect(index.current).toBe(1);
    expect(index.bump()).toBe(2);
    expect(index.current).toBe(2);
    expect(new BlockingIndex(40).current).toBe(40);
    expect(() => new BlockingIndex(-1)).toThrow(/non-negative integer/);
    expect(() => index.set(1.5)).toThrow(/non-negative integer/);
  });

  it('resolves at once when the index already passed', async () => {
    const index = new BlockingIndex(5);
    await expect(index.waitFor(4, 60_000)).resolves.toBe(5);
  });

  it('resolves on the bump that passes the waited index', async () => {
    const index = new BlockingIndex();
    let settled = false;
    const waiting = index.waitFor(2, 60_000).then((value) => {
      settled = true;
      return value;
    });
    index.bump();
    await flushMicrotasks();
    expect(settled).toBe(false);
    index.bump();
    expect(await waiting).toBe(3);
  });

  it('resolves with the unchanged index when the wait runs out', async () => {
    const index = new BlockingIndex(7);
    await expect(index.waitFor(7, 5)).resolves.toBe(7);
  });

  it('resolves with the current index when the signal aborts', async () => {
    const index = new BlockingIndex();
    const controller = new AbortController();
    const waiting = index.waitFor(1, 60_000, controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBe(1);
    await expect(index.waitFor(1, 60_000, controller.signal)).resolves.toBe(1);
  });

  it('wakes every waiter when set backwards', async () => {
    const index = new BlockingIndex(10);
    const waiting = index.waitFor(10, 60_000);
    index.set(3);
    await expect(waiting).resolves.toBe(3);
  });
});

describe('parseWaitMs', () => {
  it.each([
    ['250ms', 250],
    ['10s', 10_000],
    ['1.5s', 1500],
    ['.5s', 500],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['1500us', 1.5],
    ['0', 0],
  ])('reads %s as %d ms', (text, ms) => {
    expect(parseWaitMs(text)).toBe(ms);
  });

  it.each(['', '10', 's', '-1s', '10x', '1 s', '5m ', '1d'])('refuses %j', (text) => {
    expect(() => parseWaitMs(text)).toThrow(/not a duration/);
  });

  it('reads any whole number with any unit', () => {
    const units = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.constantFrom('ms', 's', 'm', 'h' as const), (n, unit) => {
        expect(parseWaitMs(`${n}${unit}`)).toBe(n * units[unit]);
      }),
    );
  });
});

describe('readBlockingQuery', () => {
  const read = (search: string, options?: { defaultWaitMs?: number; maxWaitMs?: number }) =>
    readBlockingQuery(new URLSearchParams(search), options);

  it('does not block without an index, and defaults the wait to 5 minutes', () => {
    expect(read('')).toEqual({ index: undefined, waitMs: 300_000 });
    expect(read('index=12')).toEqual({ index: 12, waitMs: 300_000 });
  });

  it('caps the wait at 10 minutes and treats a zero wait as the default', () => {
    expect(read('index=1&wait=1h')).toEqual({ index: 1, waitMs: 600_000 });
    expect(read('index=1&wait=0s')).toEqual({ index: 1, waitMs: 300_000 });
    expect(read('index=1&wait=250ms')).toEqual({ index: 1, waitMs: 250 });
    expect(read('index=1&wait=1m', { defaultWaitMs: 10, maxWaitMs: 20 })).toEqual({ index: 1, waitMs: 20 });
    expect(read('index=1', { defaultWaitMs: 10, maxWaitMs: 20 })).toEqual({ index: 1, waitMs: 10 });
  });

  it('refuses a bad index or wait with a 400', () => {
    expect(() => read('index=abc')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => read('index=-1')).toThrow(/invalid index "-1"/);
    expect(() => read('index=1&wait=soon')).toThrow(/invalid wait/);
  });
});

describe('blockingWait', () => {
  async function serveJobs(index: BlockingIndex, onArrival: () => void = () => undefined) {
    const server = await startTestServer({ onRequest: () => onArrival() });
    servers.push(server);
    server.route('GET', '/v1/jobs', async (req, res) => {
      const at = await blockingWait(req, index, { maxWaitMs: 20 });
      res.json(200, [], { 'x-scheduler-index': String(at) });
    });
    return server;
  }

  it('answers at once without an index', async () => {
    const server = await serveJobs(new BlockingIndex(4));
    const res = await fetch(`${server.url}/v1/jobs`);
    expect(res.headers.get('x-scheduler-index')).toBe('4');
  });

  it('answers with the new index after a change', async () => {
    const index = new BlockingIndex();
    const server = await startTestServer();
    servers.push(server);
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.route('GET', '/v1/jobs', async (req, res) => {
      const waiting = blockingWait(req, index);
      arrived();
      res.json(200, [], { 'x-scheduler-index': String(await waiting) });
    });
    const pending = fetch(`${server.url}/v1/jobs?index=1&wait=5m`);
    await arrival;
    index.bump();
    expect((await pending).headers.get('x-scheduler-index')).toBe('2');
  });

  it('answers with the unchanged index when a capped wait runs out', async () => {
    // The wait asks for 10 minutes; only the cap of 20 ms lets this answer within the test timeout.
    const server = await serveJobs(new BlockingIndex(3));
    const res = await fetch(`${server.url}/v1/jobs?index=3&wait=10m`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-scheduler-index')).toBe('3');
  });

  it('answers 400 for a malformed wait', async () => {
    const server = await serveJobs(new BlockingIndex());
    const res = await fetch(`${server.url}/v1/jobs?index=1&wait=10parsecs`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: string[] };
    expect(body.errors[0]).toMatch(/^invalid wait/);
  });
});
