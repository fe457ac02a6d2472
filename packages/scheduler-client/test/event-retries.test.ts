// The event stream starts "from now" without the backlog, tells `onRetry` of each reconnect, and ends
// with the last error after `maxFailures` failed connections in a row (10 by default); a heartbeat or an
// event between failures starts the count over.
import { createTestClock, startTestServer } from '@infra-sdk/core/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  ConnectionError,
  createSchedulerCore,
  DEFAULT_MAX_FAILURES,
  type RetryLoopEvent,
  ServerError,
  streamEvents,
} from '../src/index.js';
import { runUntilSettled, scheduler, serviceJob, until } from './support.js';

describe('event stream retries and start', () => {
  it('starts from now: only what happens after it opened, none of the backlog', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('old', 1) });
    const stream = client.events.stream({ topics: { Job: [], Allocation: [] }, index: 'now' });
    const first = stream.next();
    // The stream reads where each of its topics' tables stands before it connects.
    const lookups = () =>
      fake.requests.filter((request) => request.query.get('per_page') === '1').map((request) => request.path);
    // Once the stream has connected, its start is set: what comes next is new.
    const connected = () => fake.requests.filter((request) => request.path === '/v1/event/stream').length;
    await until(() => connected() === 1);
    await client.jobs.create({ Job: serviceJob('new', 1) });
    const event = (await first).value;
    // The new job's first event (its allocation's, whose filter keys name the job); nothing of `old`.
    expect([event?.Key, ...(event?.FilterKeys ?? [])]).toContain('new');
    expect(lookups().sort()).toEqual(['/v1/allocations', '/v1/jobs']);
    const opened = fake.requests.find((request) => request.path === '/v1/event/stream');
    expect(Number(opened?.query.get('index'))).toBeGreaterThan(0);
    await stream.return();
    // Every topic: every table is read, the ACL lists included.
    const everything = client.events.stream({ index: 'now' });
    const next = everything.next();
    await until(() => connected() === 2);
    await client.jobs.create({ Job: serviceJob('later', 1) });
    expect((await next).value).toMatchObject({ Topic: 'Evaluation' });
    expect(new Set(lookups())).toEqual(
      new Set([
        '/v1/jobs',
        '/v1/allocations',
        '/v1/evaluations',
        '/v1/deployments',
        '/v1/nodes',
        '/v1/acl/tokens',
        '/v1/acl/policies',
      ]),
    );
    await everything.return();
  });

  it('tells onRetry of each reconnect and ends with the last error after 10 failures in a row', async () => {
    const broken = await startTestServer();
    onTestFinished(() => broken.close());
    broken.route('GET', '/v1/event/stream', (_req, res) => res.text(500, 'no leader'));
    const clock = createTestClock(0);
    const core = createSchedulerCore({ baseUrl: broken.url, retry: false, fetch: clock.fetch() });
    const retries: RetryLoopEvent[] = [];
    const error = await runUntilSettled(
      clock,
      streamEvents(core, {
        backoffMs: 1_000,
        maxBackoffMs: 4_000,
        clock,
        onRetry: (event) => void retries.push(event),
      }).next(),
    ).catch((caught: unknown) => caught);
    expect(ServerError.isInstance(error), String(error)).toBe(true);
    expect(broken.requests).toHaveLength(DEFAULT_MAX_FAILURES);
    expect(retries.map((retry) => retry.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(retries.every((retry) => ServerError.isInstance(retry.error) && retry.delayMs <= 4_000)).toBe(
      true,
    );
    // Each pause was waited on the stream's clock, one after the other, and nothing else.
    const paused = retries.reduce((sum, retry) => sum + retry.delayMs, 0);
    expect(clock.now()).toBeCloseTo(paused, 6);
  });

  it('reconnects forever with maxFailures Infinity, until its signal aborts', async () => {
    const broken = await startTestServer();
    onTestFinished(() => broken.close());
    broken.route('GET', '/v1/event/stream', (_req, res) => res.destroy());
    const core = createSchedulerCore({ baseUrl: broken.url, retry: false });
    const controller = new AbortController();
    const stream = streamEvents(core, {
      maxFailures: Number.POSITIVE_INFINITY,
      backoffMs: 1,
      maxBackoffMs: 1,
      signal: controller.signal,
      onRetry: ({ attempt, error }) => {
        expect(ConnectionError.isInstance(error)).toBe(true);
        if (attempt === 15) controller.abort();
      },
    });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(broken.requests.length).toBeGreaterThan(DEFAULT_MAX_FAILURES);
  });

  it('counts failures in a row only: a line received in between starts the count over', async () => {
    const flaky = await startTestServer();
    onTestFinished(() => flaky.close());
    let calls = 0;
    // Every other connection sends a heartbeat before it is cut; the others fail at once.
    flaky.route('GET', '/v1/event/stream', async (_req, res) => {
      calls += 1;
      if (calls % 2 === 0) return res.text(503, 'busy');
      return res.resetAfter('{}\n');
    });
    const core = createSchedulerCore({ baseUrl: flaky.url, retry: false });
    const controller = new AbortController();
    const attempts: number[] = [];
    const stream = streamEvents(core, {
      maxFailures: 3,
      backoffMs: 1,
      maxBackoffMs: 1,
      signal: controller.signal,
      onRetry: ({ attempt }) => {
        attempts.push(attempt);
        if (attempts.length === 12) controller.abort();
      },
    });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    // Never a third failure in a row: each heartbeat reset the count.
    expect(Math.max(...attempts)).toBe(2);
  });
});
