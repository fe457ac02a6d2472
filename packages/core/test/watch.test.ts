import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApiResult,
  createTransport,
  NotFoundError,
  type ResponseMeta,
  type ResponseValidationError,
  ServerError,
  toBlockingQuery,
  watch,
  watchBlocking,
} from '../src/index.js';
import {
  BlockingIndex,
  blockingWait,
  createTestClock,
  startTestServer,
  type TestServer,
} from '../src/testing/index.js';
import { until } from './support.js';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

/** A namespace list behind a blocking index, as the mesh service serves it. */
async function meshServer() {
  const index = new BlockingIndex(1);
  const names: string[] = ['default'];
  let failNext = 0;
  let goBackwards = false;
  server = await startTestServer();
  server.route('GET', '/v1/namespaces', async (req, res) => {
    if (failNext > 0) {
      failNext -= 1;
      return res.json(500, { errors: ['injected'] });
    }
    const current = await blockingWait(req, index);
    const reported = goBackwards ? 1 : current;
    goBackwards = false;
    return res.json(
      200,
      names.map((Name) => ({ Name })),
      { 'X-Mesh-Index': String(reported) },
    );
  });
  server.route('PUT', '/v1/namespace', (req, res) => {
    names.push((req.json() as { Name: string }).Name);
    index.bump();
    return res.json(200, {});
  });
  const transport = createTransport({
    baseUrl: server.url,
    pathPrefix: '/v1',
    metaHeaders: { index: 'X-Mesh-Index' },
    retry: false,
  });
  const fetcher = (query: { index: number; waitMs: number }, signal: AbortSignal) =>
    transport
      .request<{ Name: string }[]>({ method: 'GET', path: '/namespaces', blocking: query }, { signal })
      .withMeta();
  return {
    transport,
    fetcher,
    index,
    failNextRequests: (n: number) => {
      failNext = n;
    },
    goBackwardsOnce: () => {
      goBackwards = true;
    },
  };
}

type Snapshot = ApiResult<{ Name: string }[], ResponseMeta>;

describe('watch', () => {
  it('yields the current state, then each change made by another client', async () => {
    const { transport, fetcher } = await meshServer();
    const controller = new AbortController();
    const snapshots: string[][] = [];
    for await (const snapshot of watch(fetcher, { waitMs: 5_000, signal: controller.signal })) {
      snapshots.push(snapshot.data.map((n) => n.Name));
      if (snapshots.length === 1)
        await transport.request({ method: 'PUT', path: '/namespace', body: { Name: 'team-a' } });
      if (snapshots.length === 2)
        await transport.request({ method: 'PUT', path: '/namespace', body: { Name: 'team-b' } });
      if (snapshots.length === 3) controller.abort();
    }
    expect(snapshots).toEqual([['default'], ['default', 'team-a'], ['default', 'team-a', 'team-b']]);
    const indexes = server.requests.filter((r) => r.method === 'GET').map((r) => r.query.get('index'));
    expect(indexes.slice(0, 3)).toEqual(['0', '1', '2']);
    expect(server.requests[0]?.query.get('wait')).toBe('5s');
  });

  it('does not yield when a wait ends without a change', async () => {
    const { fetcher, index } = await meshServer();
    const snapshots: Snapshot[] = [];
    // Each request waits its 20 ms out on the server: no change, nothing to yield, and no pause.
    const iterator = watch(fetcher, { waitMs: 20, backoffMs: 60_000 });
    const first = await iterator.next();
    if (!first.done) snapshots.push(first.value);
    const second = iterator.next();
    await until(() => server.requests.length >= 4);
    index.bump();
    const next = await second;
    if (!next.done) snapshots.push(next.value);
    await iterator.return();
    expect(snapshots.map((s) => s.meta.index)).toEqual([1, 2]);
  });

  it('starts over from the current state when the index goes backwards, after a pause', async () => {
    const { fetcher, index, goBackwardsOnce } = await meshServer();
    const clock = createTestClock(0);
    index.bump();
    index.bump();
    const iterator = watch(fetcher, { waitMs: 60_000, clock });
    expect((await iterator.next()).value?.meta.index).toBe(3);
    goBackwardsOnce();
    const pending = iterator.next();
    index.bump();
    // Index 1 after 3: a pause (between half and all of the first back-off of 1 s), then index 0.
    await until(() => clock.pending === 1);
    expect(server.requests.map((r) => r.query.get('index'))).toEqual(['0', '3']);
    expect(clock.nextDue).toBeGreaterThanOrEqual(500);
    expect(clock.nextDue).toBeLessThanOrEqual(1_000);
    await clock.next();
    const next = await pending;
    await iterator.return();
    expect(next.value?.meta.index).toBe(4);
    expect(server.requests.map((r) => r.query.get('index'))).toEqual(['0', '3', '0']);
  });

  it('backs off after transient failures and carries on', async () => {
    const { fetcher, failNextRequests } = await meshServer();
    const clock = createTestClock(0);
    failNextRequests(2);
    const iterator = watch(fetcher, { waitMs: 60_000, backoffMs: 1_000, clock });
    const first = iterator.next();
    const pauses: number[] = [];
    for (let failure = 1; failure <= 2; failure++) {
      // No request goes out while the pause after a failure is waiting.
      await until(() => clock.pending === 1);
      expect(server.requests).toHaveLength(failure);
      pauses.push((clock.nextDue ?? 0) - clock.now());
      await clock.next();
    }
    const snapshot = await first;
    await iterator.return();
    expect(snapshot.value?.data).toEqual([{ Name: 'default' }]);
    expect(server.requests).toHaveLength(3);
    // 1 s then 2 s, each between half and all of that.
    expect(pauses[0]).toBeGreaterThanOrEqual(500);
    expect(pauses[0]).toBeLessThanOrEqual(1_000);
    expect(pauses[1]).toBeGreaterThanOrEqual(1_000);
    expect(pauses[1]).toBeLessThanOrEqual(2_000);
  });

  it('throws after too many failures in a row, and at once on errors that will not pass', async () => {
    const { fetcher, failNextRequests } = await meshServer();
    failNextRequests(5);
    const error = await watch(fetcher, { backoffMs: 1, maxFailures: 2 })
      .next()
      .catch((e: unknown) => e);
    expect(ServerError.isInstance(error)).toBe(true);
    const notFound = await watch(async () => {
      throw new NotFoundError({ status: 404, method: 'GET', url: 'http://127.0.0.1/v1/namespace/x' });
    })
      .next()
      .catch((e: unknown) => e);
    expect(NotFoundError.isInstance(notFound)).toBe(true);
  });

  it('fails clearly when the service sends no index', async () => {
    server = await startTestServer();
    server.route('GET', '/v1/x', (_req, res) => res.json(200, []));
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      metaHeaders: { index: 'X-Mesh-Index' },
    });
    const error = await watch((query, signal) =>
      transport.request({ method: 'GET', path: '/x', blocking: query }, { signal }).withMeta(),
    )
      .next()
      .catch((e: unknown) => e);
    expect((error as ResponseValidationError).problem).toBe('missing-index');
  });

  it('follows a blocking read with watchBlocking, pausing on the clock it is given', async () => {
    server = await startTestServer();
    server.route('GET', '/v1/x', (_req, res) => res.json(200, [], { 'X-Mesh-Index': '3' }));
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      metaHeaders: { index: 'X-Mesh-Index' },
      retry: false,
    });
    const limits = { maxWaitMs: 600_000, defaultWaitMs: 300_000 };
    const clock = createTestClock(0);
    const controller = new AbortController();
    const snapshots = watchBlocking({ clock, backoffMs: 1_000, signal: controller.signal }, limits, (call) =>
      transport.request(
        { method: 'GET', path: '/x', blocking: toBlockingQuery(call, limits) },
        { signal: call.signal },
      ),
    );
    expect((await snapshots.next()).value?.meta.index).toBe(3);
    const next = snapshots.next();
    // Index 3 again at once: a stall, paused on the test clock (between half and all of 1 s).
    await until(() => clock.pending === 1);
    expect(clock.nextDue).toBeGreaterThanOrEqual(500);
    expect(clock.nextDue).toBeLessThanOrEqual(1_000);
    expect(server.requests.map((r) => r.query.get('index'))).toEqual(['0', '3']);
    controller.abort();
    expect(await next).toEqual({ done: true, value: undefined });
  });

  it('ends quietly on abort, aborting the blocking request in flight', async () => {
    const { fetcher } = await meshServer();
    const controller = new AbortController();
    const iterator = watch(fetcher, { waitMs: 60_000, signal: controller.signal });
    await iterator.next();
    const pending = iterator.next();
    await until(() => server.requests.length === 2);
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
  });
});
