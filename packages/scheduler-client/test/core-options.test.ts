// Core's per-call token, rate limit, clock, call metadata and `SCHEDULER_*` variables, each reaching
// core through this client's factory, call options and fromEnv(), over real HTTP against the fake
// scheduler.
import {
  createTestClock,
  rateLimited,
  startTestServer,
  type TestClock,
  type TestRequest,
  type TestResponse,
  type TestServer,
} from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOOPBACK_CERT_FILE, startTlsFront } from '../../../test-support/tls-front.js';
import {
  fromEnv,
  PermissionDeniedError,
  type SchedulerClient,
  ServerError,
  TimeoutError,
} from '../src/index.js';
import type { FakeScheduler } from '../src/testing/index.js';
import { clientOf, clocked, fakeScheduler, runUntilSettled, serviceJob } from './support.js';

const START = 1_700_000_000_000;

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(closing.splice(0).map((server) => server.close()));
});

/**
 * Settles `work` while moving `clock` from sleep to sleep, letting real I/O run between steps. A call whose slot
 * is due ends with nothing asleep, and takes no time of the clock.
 */
async function settle<T>(clock: TestClock, work: PromiseLike<T>): Promise<T> {
  let done = false;
  const settled = Promise.resolve(work).finally(() => {
    done = true;
  });
  settled.catch(() => undefined);
  while (!done) {
    const due = clock.nextDue;
    if (due !== undefined && clock.inFlight === 0) await clock.advanceTo(due);
    // A millisecond's pause lets sockets answer; the outcome never depends on its length.
    else await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return settled;
}

/** Answers a request as the fake does: its status, body and index header. */
async function forward(fake: FakeScheduler, req: TestRequest, res: TestResponse): Promise<void> {
  const query = req.query.size > 0 ? `?${req.query}` : '';
  const answer = await fetch(`${fake.url}${req.path}${query}`);
  res.json(answer.status, await answer.json(), {
    'x-scheduler-index': answer.headers.get('x-scheduler-index') ?? '0',
  });
}

/** A test server whose `/v1/*` reads answer as the fake does, through `rateLimited` by `clock`. */
async function limitedFront(fake: FakeScheduler, options: Parameters<typeof rateLimited>[0]) {
  const server: TestServer = await startTestServer();
  closing.push(server);
  const limited = rateLimited(options, (req, res) => forward(fake, req, res));
  server.route('GET', '/v1/*rest', limited);
  return { url: server.url, limited };
}

/** A test server whose `/v1/*` reads answer 503 `failures` times, then as the fake does. */
async function flakyFront(fake: FakeScheduler, failures: number) {
  const server: TestServer = await startTestServer();
  closing.push(server);
  let left = failures;
  server.route('GET', '/v1/*rest', async (req, res) => {
    if (left-- > 0) res.text(503, 'no leader');
    else await forward(fake, req, res);
  });
  return { url: server.url };
}

/** A TLS front (test-support/tls-front.ts) to `target`, closed after the test. */
async function tlsFront(target: string) {
  const front = await startTlsFront(target);
  closing.push(front);
  return front;
}

const tokensSent = (fake: FakeScheduler) =>
  fake.requests
    .filter((request) => request.method !== 'UPGRADE')
    .map((request) => request.headers['x-scheduler-token']);

describe('a per-call token', () => {
  it('replaces the client token for that call only, exec sessions included', async () => {
    const fake = await fakeScheduler({
      acl: {
        tokens: {
          'reader-token': { namespaces: { '*': ['list-jobs', 'read-job'] } },
          'operator-token': 'management',
          'exec-token': { namespaces: { default: ['alloc-exec'] } },
        },
      },
    });
    const scheduler = clientOf(fake, { token: 'reader-token' });

    await scheduler.jobs.create({ Job: serviceJob('web', 1) }, { token: 'operator-token' });
    expect((await scheduler.jobs.list()).map((job) => job.ID)).toEqual(['web']);
    // The client's own token again: it may read, not register.
    const refused = await scheduler.jobs.create({ Job: serviceJob('api', 1) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(PermissionDeniedError.isInstance(refused)).toBe(true);
    // A provider works per call too.
    await scheduler.jobs.read('web', { token: () => 'operator-token' });
    expect(tokensSent(fake)).toEqual(['operator-token', 'reader-token', 'reader-token', 'operator-token']);

    // An exec session sends the call's token in its first frame.
    const allocId = fake.allocations()[0]?.ID ?? '';
    const session = await scheduler.allocations.exec(
      allocId,
      { command: ['echo', 'hi'], task: 'server' },
      { token: 'exec-token' },
    );
    expect(await session.exitCode).toBe(0);
    await session.close();
    expect(fake.execSessions[0]?.token).toBe('exec-token');
  });

  it('reaches every read of nodes.followDrain, its last allocations read included', async () => {
    const { client, clock, fake } = await clocked({ acl: { tokens: { 'operator-token': 'management' } } });
    const token = 'operator-token';
    await client.jobs.create({ Job: serviceJob('web', 2) }, { token });
    const id = fake.nodes()[0]?.ID ?? '';
    await client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } }, { token });
    const node = await runUntilSettled(clock, client.nodes.followDrain(id, { clock, token }));
    expect(node.LastDrain?.Status).toBe('complete');
    // The client has no token of its own: a read without the call's would have been refused.
    expect(tokensSent(fake).every((sent) => sent === token)).toBe(true);
  });
});

describe('rateLimit and clock', () => {
  it('paces 100 calls at 20 per second over at least 4.5 s of the clock, never earning a 429 from a server allowing 25', async () => {
    const clock = createTestClock(START);
    const fake = await fakeScheduler();
    const front = await limitedFront(fake, { perSecond: 25, clock });
    // No retries: a single 429 would fail its call.
    const scheduler: SchedulerClient = clientOf(fake, {
      baseUrl: front.url,
      clock,
      fetch: clock.fetch(),
      rateLimit: { perSecond: 20 },
      retry: false,
    });
    const calls = Promise.all(Array.from({ length: 100 }, () => scheduler.nodes.list().withMeta()));
    const results = await settle(clock, calls);
    expect(results.every((result) => result.data.length === 2)).toBe(true);
    expect(front.limited.refused).toBe(0);
    expect(front.limited.accepted).toHaveLength(100);
    expect(clock.now() - START).toBeGreaterThanOrEqual(4_500);
    // The last call waited for its slot by the client's clock, and meta says so.
    expect(Math.max(...results.map((result) => result.meta.durationMs))).toBeGreaterThanOrEqual(4_500);
  });

  it('meta.durationMs runs on the client clock and meta.attempts counts the retry', async () => {
    const clock = createTestClock(START);
    const fake = await fakeScheduler();
    const front = await flakyFront(fake, 1);
    // One attempt a second: the retry takes the next slot, a second later by the clock.
    const scheduler = clientOf(fake, {
      baseUrl: front.url,
      clock,
      fetch: clock.fetch(),
      rateLimit: { perSecond: 1 },
      retry: { limit: 1, baseDelayMs: 1 },
    });
    const { data, meta } = await settle(clock, scheduler.nodes.list().withMeta());
    expect(data).toHaveLength(2);
    expect(meta.attempts).toBe(2);
    expect(meta.durationMs).toBe(1_000);
    // Once the next slot is due, a call takes no time of the clock: real I/O does not move it.
    await clock.advance(1_000);
    const again = await settle(clock, scheduler.nodes.list().withMeta());
    expect(again.meta.attempts).toBe(1);
    expect(again.meta.durationMs).toBe(0);
  });
});

describe('fromEnv() with the SCHEDULER_ prefix', () => {
  it('reads SCHEDULER_CACERT, SCHEDULER_RATE_LIMIT, SCHEDULER_MAX_RETRIES and SCHEDULER_CLIENT_TIMEOUT', async () => {
    const clock = createTestClock(START);
    const fake = await fakeScheduler();
    const front = await tlsFront(fake.url);
    vi.stubEnv('SCHEDULER_ADDR', front.url);
    for (const name of ['SCHEDULER_TOKEN', 'SCHEDULER_NAMESPACE', 'SCHEDULER_REGION'])
      vi.stubEnv(name, undefined);
    vi.stubEnv('SCHEDULER_CACERT', LOOPBACK_CERT_FILE);
    vi.stubEnv('SCHEDULER_RATE_LIMIT', '2');
    vi.stubEnv('SCHEDULER_MAX_RETRIES', '1');
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'])
      vi.stubEnv(name, undefined);
    // The certificate's authority is trusted only through SCHEDULER_CACERT: the call goes over https.
    const scheduler = fromEnv({ clock });
    const first = await settle(clock, scheduler.nodes.list().withMeta());
    expect(first.data).toHaveLength(2);
    expect(first.meta.durationMs).toBe(0);
    // Two per second: the next call waits half a second of the clock for its slot.
    const second = await settle(clock, scheduler.nodes.list().withMeta());
    expect(second.meta.durationMs).toBe(500);

    // One retry, as SCHEDULER_MAX_RETRIES says (the call's retry options only shorten the pause); the
    // fake answers 500 for a region it does not serve.
    const before = fake.requests.length;
    const failed = await settle(
      clock,
      scheduler.nodes.list({ region: 'elsewhere', retry: { baseDelayMs: 1 } }),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ServerError.isInstance(failed)).toBe(true);
    expect(fake.requests.length - before).toBe(2);

    // SCHEDULER_CLIENT_TIMEOUT: an attempt nobody answers ends after 200 ms.
    vi.stubEnv('SCHEDULER_CLIENT_TIMEOUT', '200ms');
    const impatient = fromEnv({ retry: false });
    front.stall();
    const timedOut = await impatient.nodes.list().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(TimeoutError.isInstance(timedOut)).toBe(true);
    expect((timedOut as TimeoutError).timeoutMs).toBe(200);
  });

  it('fails naming the variable when one holds what it cannot use', async () => {
    vi.stubEnv('SCHEDULER_ADDR', 'http://127.0.0.1:1');
    vi.stubEnv('SCHEDULER_TOKEN', undefined);
    for (const [name, value] of [
      ['SCHEDULER_RATE_LIMIT', 'fast'],
      ['SCHEDULER_MAX_RETRIES', '-1'],
      ['SCHEDULER_CLIENT_TIMEOUT', 'soon'],
      ['SCHEDULER_CACERT', `${LOOPBACK_CERT_FILE}.missing`],
    ] as const) {
      vi.stubEnv(name, value);
      expect(() => fromEnv()).toThrow(new RegExp(name));
      vi.stubEnv(name, '');
    }
  });
});
