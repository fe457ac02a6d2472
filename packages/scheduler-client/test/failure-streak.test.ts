// Long-lived work is heard: against a scheduler that stops (its port closes), the event stream, a
// watch, the drain and deploy followers and the lock holder write one warning line, at the third
// failure in a row, to the client's `logger`, and the error that ends them says how many failures in a
// row over how long; a healthy run writes nothing. Over HTTP against the fake, on a test clock.
import { createTestClock, startTestServer, type TestClock } from '@infra-sdk/core/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  ConnectionError,
  createSchedulerClient,
  createSchedulerCore,
  type RetryLoopEvent,
  type SchedulerClient,
  streamEvents,
  type VariableLockEvent,
} from '../src/index.js';
import type { FakeScheduler, FakeSchedulerOptions } from '../src/testing/index.js';
import { clientOf, clocked, clockFetch, releaseJob, runUntilSettled, serviceJob } from './support.js';

const COUNTED = /\((\d+) failures in a row over (\d+(?:\.\d)?) s\)$/;

interface Line {
  readonly level: string;
  readonly line: string;
}

/** A fake on a test clock, and a client of it whose log lines (at the default level, `warn`) land in `lines`. */
async function setUp(options?: FakeSchedulerOptions): Promise<{
  clock: TestClock;
  fake: FakeScheduler;
  client: SchedulerClient;
  lines: Line[];
}> {
  const { clock, fake } = await clocked(options);
  const lines: Line[] = [];
  const client = clientOf(fake, {
    fetch: clockFetch(clock, fake),
    logger: (level, line) => void lines.push({ level, line }),
  });
  return { clock, fake, client, lines };
}

/** What `promise` rejected with (moving the clock until it settles); fails when it resolves. */
async function failure(clock: TestClock, promise: Promise<unknown>): Promise<Error> {
  const error = await runUntilSettled(clock, promise).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

/** The count and span in seconds of an error that ends a streak. */
function streakOf(error: Error): { count: number; seconds: number } {
  const [, count, seconds] = COUNTED.exec(error.message) ?? [];
  expect(count, error.message).toBeDefined();
  return { count: Number(count), seconds: Number(seconds) };
}

/** The one warning line, naming `request`. */
function expectOneWarning(lines: readonly Line[], request: string): void {
  expect(lines.map((each) => each.level)).toEqual(['warn']);
  const pattern = new RegExp(
    `^infra-sdk: ${request} failed 3 times in a row over [\\d.]+ s \\(ConnectionError: .*\\); trying again in [\\d.]+ (ms|s)$`,
  );
  expect(lines[0]?.line).toMatch(pattern);
}

describe('the event stream', () => {
  it('writes nothing while the scheduler answers, heartbeats included', async () => {
    const { clock, client, lines } = await setUp();
    const stream = client.events.stream({ topics: { Job: ['web'] }, clock });
    const first = stream.next();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    expect((await first).value).toMatchObject({ Topic: 'Job', Key: 'web' });
    // A minute of heartbeats on the fake's clock.
    await clock.advance(60_000);
    await stream.return();
    expect(lines).toEqual([]);
  });

  it('warns once at the third failure in a row when the scheduler stops, and ends counting them', async () => {
    const { clock, fake, client, lines } = await setUp();
    const retries: RetryLoopEvent[] = [];
    const stream = client.events.stream({
      topics: { Job: ['web'] },
      index: 0,
      clock,
      onRetry: (event) => void retries.push(event),
    });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    expect((await stream.next()).value).toMatchObject({ Topic: 'Job', Key: 'web' });
    await fake.close();
    const error = await failure(clock, stream.next());
    expect(ConnectionError.isInstance(error)).toBe(true);
    // The stream's own pauses: 500 ms doubled, with jitter, up to 30 s; 10 failures have 9 between them.
    const { count, seconds } = streakOf(error);
    expect(count).toBe(10);
    expect(seconds).toBeGreaterThanOrEqual(60);
    expect(seconds).toBeLessThanOrEqual(122);
    // `onRetry` hears each retried failure typed as core's transient errors: no cast to read it.
    expect(retries.map((retry) => retry.error.name)).toEqual(Array(9).fill('ConnectionError'));
    expectOneWarning(lines, 'GET /v1/event/stream');
  });

  it("warns on the client's logger of connections the server ends at once, which no request names", async () => {
    const ending = await startTestServer();
    onTestFinished(() => ending.close());
    ending.route('GET', '/v1/event/stream', (_req, res) => res.text(200, ''));
    const clock = createTestClock(0);
    const lines: Line[] = [];
    const core = createSchedulerCore({
      baseUrl: ending.url,
      retry: false,
      fetch: clock.fetch(),
      logger: (level, line) => void lines.push({ level, line }),
    });
    const error = await failure(clock, streamEvents(core, { clock, maxFailures: 5 }).next());
    expect(error.message).toMatch(/^GET \/v1\/event\/stream: The event stream ended/);
    expect(streakOf(error).count).toBe(5);
    expect(lines.map((each) => each.level)).toEqual(['warn']);
    expect(lines[0]?.line).toMatch(
      /^infra-sdk: GET \/v1\/event\/stream failed 3 times in a row over [\d.]+ s \(ConnectionError: .*ended.*\); trying again in /,
    );
  });
});

describe('a watch', () => {
  it('warns once at the third failure in a row, and ends with the last one counting them', async () => {
    const { clock, fake, client, lines } = await setUp();
    const watch = client.jobs.watchList({ clock, maxFailures: 4 });
    expect((await runUntilSettled(clock, watch.next())).value?.data).toEqual([]);
    await fake.close();
    const error = await failure(clock, watch.next());
    expect(streakOf(error).count).toBe(4);
    expectOneWarning(lines, 'GET /v1/jobs');
  });
});

describe('with the client retrying failed reads (its default)', () => {
  /** A scheduler whose `path` drops every connection, counting them, and a client of it on a test clock. */
  async function dropping(path: string) {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    const dropped = { count: 0 };
    server.route('GET', path, (_req, res) => {
      dropped.count += 1;
      res.destroy();
    });
    const clock = createTestClock(0);
    // When each warning came, by the clock, and how many connections had been dropped by then.
    const warnings: { at: number; dropped: number }[] = [];
    const client = createSchedulerClient({
      baseUrl: server.url,
      fetch: clock.fetch(),
      logger: () => void warnings.push({ at: clock.now(), dropped: dropped.count }),
    });
    return { clock, client, warnings };
  }

  const follows = {
    'a watch': ['/v1/jobs', (client, options) => client.jobs.watchList(options)],
    'the event stream': ['/v1/event/stream', (client, options) => client.events.stream(options)],
  } satisfies Record<
    string,
    [
      string,
      (client: SchedulerClient, options: { clock: TestClock; signal: AbortSignal }) => AsyncIterator<unknown>,
    ]
  >;

  it.each(Object.entries(follows))(
    '%s makes one request per failure and warns within 5 s of the first',
    async (_, [path, follow]) => {
      const { clock, client, warnings } = await dropping(path);
      const controller = new AbortController();
      const next = follow(client, { clock, signal: controller.signal }).next();
      await clock.runUntil(() => warnings.length === 1);
      expect(warnings).toEqual([{ at: expect.any(Number), dropped: 3 }]);
      expect(warnings[0]?.at).toBeLessThanOrEqual(5_000);
      controller.abort();
      expect((await next).done).toBe(true);
    },
  );
});

describe('the drain follower', () => {
  it('writes nothing while the scheduler answers', async () => {
    const { clock, fake, client, lines } = await setUp({ allocationStartMs: 20 });
    await client.jobs.create({ Job: { ...serviceJob('web', 2), Type: 'batch' } });
    await clock.advance(20);
    const [node] = fake.nodes();
    await client.nodes.drain(node?.ID ?? '', { DrainSpec: { Deadline: '1h' } });
    const drained = await runUntilSettled(clock, client.nodes.followDrain(node?.ID ?? '', { clock }));
    expect(drained.LastDrain?.Status).toBe('complete');
    expect(lines).toEqual([]);
  });

  it('warns once for its two reads when the scheduler stops, and ends counting the failures', async () => {
    const { clock, fake, client, lines } = await setUp();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const [node] = fake.nodes();
    const id = node?.ID ?? '';
    await client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } });
    const retries: RetryLoopEvent[] = [];
    const following = client.nodes.followDrain(id, {
      clock,
      onNode: () => void fake.close(),
      onRetry: (event) => void retries.push(event),
    });
    const error = await failure(clock, following);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect(streakOf(error).count).toBe(10);
    // Both reads failed and were retried, and only one of them spoke.
    expect(retries.length).toBeGreaterThan(9);
    expectOneWarning(lines, `GET /v1/node/${id}(/allocations)?`);
  });
});

describe('the deploy follower', () => {
  it('writes nothing while the scheduler answers', async () => {
    const { clock, client, lines } = await setUp();
    const deployment = await runUntilSettled(clock, client.jobs.deploy(releaseJob('1'), { clock }));
    expect(deployment.Status).toBe('successful');
    expect(lines).toEqual([]);
  });

  it('warns once when the scheduler stops during the rollout, and ends counting the failures', async () => {
    const { clock, fake, client, lines } = await setUp({ allocationStartMs: 20 });
    const error = await failure(
      clock,
      client.jobs.deploy(releaseJob('1'), { clock, onProgress: () => void fake.close() }),
    );
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect(streakOf(error).count).toBe(10);
    expectOneWarning(lines, 'GET /v1/deployment/[0-9a-f-]{36}');
  });
});

describe('the lock holder', () => {
  it('writes nothing while its renewals go through', async () => {
    const { clock, client, lines } = await setUp();
    const holder = client.variables.holdLock('locks/leader', { Lock: { TTL: '20s' }, clock });
    await holder.ready;
    await clock.advance(60_000);
    expect((await holder.stop()).renewals).toBeGreaterThanOrEqual(5);
    expect(lines).toEqual([]);
  });

  it('warns once on the client logger when renewals fail, and loses the lock saying how many failed', async () => {
    const { clock, fake, client, lines } = await setUp();
    const events: VariableLockEvent[] = [];
    const holder = client.variables.holdLock('locks/leader', {
      Lock: { TTL: '20s' },
      clock,
      backoffMs: 1_000,
      onEvent: (event) => events.push(event),
    });
    await holder.ready;
    await fake.close();
    const end = await runUntilSettled(clock, holder.done);
    expect(end.reason).toBe('lost');
    expect(end.error?.message).toMatch(
      /lapsed before a renewal got through.*\(\d+ failures in a row over [\d.]+ s\)$/s,
    );
    // The retried failures are typed as core's transient errors, the loss as the client's error.
    const retried = events.flatMap((event) => (event.type === 'retry' ? [event.error.name] : []));
    expect(retried.length).toBeGreaterThanOrEqual(3);
    expect(new Set(retried)).toEqual(new Set(['ConnectionError']));
    expectOneWarning(lines, 'PUT /v1/var/locks/leader');
  });
});
