import { startTestServer } from '@infra-sdk/core/testing';
import * as v from 'valibot';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createSchedulerCore,
  isTopic,
  PermissionDeniedError,
  ServerError,
  type StreamEvent,
  streamEvents,
  UnixNanos,
} from '../src/index.js';
import { JobStreamEventSchema } from '../src/schemas.js';
import { clientOf, clocked, scheduler, serviceJob, until, validationError } from './support.js';

/** Collects events until `done` says so, then leaves the loop. */
async function collect<E>(stream: AsyncIterable<E>, done: (events: E[]) => boolean): Promise<E[]> {
  const events: E[] = [];
  for await (const event of stream) {
    events.push(event);
    if (done(events)) break;
  }
  return events;
}

describe('event stream', () => {
  it('delivers typed events of the chosen topics and keys', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('api', 1) });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const events = await collect(
      client.events.stream({ topics: { Job: ['web'] } }),
      (seen) => seen.length === 1,
    );
    const [event] = events;
    expect(event?.Topic).toBe('Job');
    expect(event?.Type).toBe('JobRegistered');
    expect(event?.Key).toBe('web');
    expect(event?.Payload.Job?.TaskGroups?.[0]?.Name).toBe('frontend');
  });

  it('replays node registrations and filters allocations by job through filter keys', async () => {
    const { client, fake } = await scheduler({ nodes: 2 });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    await client.jobs.create({ Job: serviceJob('api', 1) });
    const nodes = await collect(client.events.stream({ topics: { Node: [] } }), (seen) => seen.length === 2);
    expect(nodes.map((event) => event.Type)).toEqual(['NodeRegistration', 'NodeRegistration']);
    expect(nodes.map((event) => event.Payload.Node?.ID)).toEqual(fake.nodes().map((node) => node.ID));
    const allocs = await collect(
      client.events.stream({ topics: { Allocation: ['web'] } }),
      (seen) => seen.length === 2,
    );
    expect(allocs.every((event) => event.Payload.Allocation?.JobID === 'web')).toBe(true);
    expect(allocs[0]?.Payload.Allocation?.Job).toBeUndefined();
    const mixed = await collect(client.events.stream(), (seen) =>
      seen.some((event) => isTopic(event, 'Deployment')),
    );
    const deployment = mixed.find((event): event is Extract<StreamEvent, { Topic: 'Deployment' }> =>
      isTopic(event, 'Deployment'),
    );
    expect(deployment?.Payload.Deployment?.JobID).toBe('web');
  });

  it('starts at an index, and keeps namespaces apart', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('old', 1) });
    const index = fake.index + 1;
    await client.jobs.create({ Job: { ...serviceJob('other', 1), Namespace: 'team' } });
    await client.jobs.create({ Job: serviceJob('new', 1) });
    const jobs = await collect(
      client.events.stream({ topics: { Job: ['*'] }, index }),
      (seen) => seen.length === 1,
    );
    expect(jobs.map((event) => event.Key)).toEqual(['new']);
    const all = await collect(
      client.events.stream({ topics: { Job: ['*'] }, index, namespace: '*' }),
      (seen) => seen.length === 2,
    );
    expect(all.map((event) => event.Key)).toEqual(['other', 'new']);
    const requested = fake.requests.filter((request) => request.path === '/v1/event/stream').at(-1);
    expect(requested?.query.getAll('topic')).toEqual(['Job:*']);
    expect(requested?.query.get('index')).toBe(String(index));
  });

  it('absorbs heartbeats and delivers live events', async () => {
    const { client, fake, clock } = await clocked({ heartbeatMs: 5_000 });
    const stream = client.events.stream({ topics: { Job: [] }, index: fake.index + 1 });
    const first = stream.next();
    // Four heartbeats by the fake's clock before anything happens, each followed by the wait for the next.
    await until(() => clock.pending === 1);
    const opened = clock.now();
    for (let beat = 1; beat <= 4; beat++) {
      await clock.advance(5_000);
      await until(() => clock.pending === 1);
      expect(clock.nextDue).toBe(opened + (beat + 1) * 5_000);
    }
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const result = await first;
    expect(result.done).toBe(false);
    expect(result.value).toMatchObject({ Topic: 'Job', Key: 'web' });
    expect(stream.lastIndex).toBe(result.done ? 0 : result.value.Index);
    await stream.return();
  });

  it('survives the server dropping the connection, with no event lost and none twice', async () => {
    const { client, fake } = await scheduler({ heartbeatMs: 20 });
    const other = clientOf(fake);
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const stream = client.events.stream({ backoffMs: 5, maxBackoffMs: 20 });
    const seen: StreamEvent[] = [];
    const firstBatch = fake.events.reduce((sum, message) => sum + message.Events.length, 0);
    for await (const event of stream) {
      seen.push(event);
      if (seen.length === firstBatch) break;
    }
    const resumed = client.events.stream({ backoffMs: 5, maxBackoffMs: 20, index: 0 });
    const received: StreamEvent[] = [];
    const consuming = (async () => {
      for await (const event of resumed) {
        received.push(event);
        if (event.Topic === 'Job' && event.Key === 'last') break;
      }
    })();
    await until(() => received.length >= firstBatch);
    expect(fake.dropEventStreams()).toBe(1);
    await other.jobs.create({ Job: serviceJob('api', 1) });
    await other.jobs.update('web', { Job: serviceJob('web', 3) });
    await until(() => fake.requests.filter((request) => request.path === '/v1/event/stream').length >= 3);
    fake.dropEventStreams();
    await other.jobs.create({ Job: serviceJob('last', 1) });
    await consuming;
    const all = fake.events.flatMap((message) =>
      message.Events.map((event) => `${event.Index}/${event.Topic}/${event.Type}/${event.Key}`),
    );
    // The stream was left at the registration of `last`; its allocation's health came after.
    const expected = all.slice(0, all.findIndex((line) => line.endsWith('/Job/JobRegistered/last')) + 1);
    const actual = received.map((event) => `${event.Index}/${event.Topic}/${event.Type}/${event.Key}`);
    expect(actual).toEqual(expected);
    expect(new Set(actual).size).toBe(actual.length);
    const reconnects = fake.requests.filter((request) => request.path === '/v1/event/stream').slice(1);
    expect(reconnects.length).toBeGreaterThanOrEqual(3);
    expect(Number(reconnects.at(-1)?.query.get('index'))).toBeGreaterThan(0);
  });

  it('treats an idle connection as dead and reopens it', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    let calls = 0;
    server.route('GET', '/v1/event/stream', async (req, res) => {
      calls += 1;
      if (calls === 1) {
        // Headers, then silence: no events and no heartbeats.
        await res.ndjson(
          200,
          (async function* () {
            await new Promise((resolve) => req.signal.addEventListener('abort', resolve));
            yield* [];
          })(),
        );
        return;
      }
      await res.ndjson(200, [
        {},
        {
          Index: 5,
          Events: [
            {
              Topic: 'Node',
              Type: 'NodeEvent',
              Key: 'n1',
              Namespace: '',
              FilterKeys: null,
              Index: 5,
              Payload: { Node: { ID: 'n1' } },
            },
          ],
        },
      ]);
    });
    const core = createSchedulerCore({ baseUrl: server.url });
    const events = await collect(streamEvents(core, { idleTimeout: 50, backoffMs: 5 }), () => true);
    expect(events[0]).toMatchObject({ Topic: 'Node', Key: 'n1' });
    // Reopened after the silent one (a machine slow enough to miss 50 ms may reopen a lively one too).
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('delivers events of topics it does not know, and raw events without validation', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    server.route('GET', '/v1/event/stream', (_req, res) =>
      res.ndjson(200, [
        {
          Index: 9,
          Events: [
            {
              Topic: 'Service',
              Type: 'ServiceRegistration',
              Key: 's',
              Namespace: 'default',
              FilterKeys: null,
              Index: 9,
              Payload: { Service: { ID: 's' } },
            },
          ],
        },
        {
          Index: 10,
          Events: [
            {
              Topic: 'Job',
              Type: 'JobRegistered',
              Key: 'j',
              Namespace: 'default',
              Index: 10,
              Payload: { Job: { Priority: 'high' } },
            },
          ],
        },
      ]),
    );
    const core = createSchedulerCore({ baseUrl: server.url });
    const [other] = await collect(streamEvents(core, { topics: { '*': ['*'] } }), () => true);
    expect(other).toMatchObject({ Topic: 'Service', Payload: { Service: { ID: 's' } } });
    const raw = await collect(streamEvents(core, { validateResponse: false }), (seen) => seen.length === 2);
    expect(raw[1]?.Payload).toEqual({ Job: { Priority: 'high' } });
    await expect(collect(streamEvents(core), (seen) => seen.length === 2)).rejects.toThrow(/expected shape/);
  });

  it('delivers each validated payload as valibot returns it', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    const job = { ID: 'j', Priority: 50, SubmitTime: '__SUBMIT__', TaskGroups: [{ Name: 'g', Count: 1 }] };
    const event = (index: number, payload: unknown) => ({
      Index: index,
      Events: [
        {
          Topic: 'Job',
          Type: 'JobRegistered',
          Key: 'j',
          Namespace: 'default',
          Index: index,
          Payload: payload,
        },
      ],
    });
    // Line 2 holds a key valibot leaves out and an array where an object belongs, which valibot takes
    // and rebuilds.
    const lines = [
      JSON.stringify(event(1, { Job: job })),
      JSON.stringify(event(2, { Job: { ...job, TaskGroups: [[]] }, constructor: 'x' })),
    ].map((line) => `${line.replace('"__SUBMIT__"', '1700000000123456789')}\n`);
    server.route('GET', '/v1/event/stream', (_req, res) =>
      res.text(200, lines.join(''), { 'content-type': 'application/x-ndjson' }),
    );
    const core = createSchedulerCore({ baseUrl: server.url });
    const events = await collect(streamEvents(core, { topics: { Job: ['*'] } }), (seen) => seen.length === 2);
    const [first, second] = events.map((e) => (isTopic(e, 'Job') ? e.Payload : undefined));
    expect(first?.Job?.SubmitTime?.toString()).toBe('1700000000123456789');
    const sent = { Job: { ...job, SubmitTime: new UnixNanos(1700000000123456789n) } };
    expect(first).toStrictEqual(v.parse(JobStreamEventSchema.entries.Payload, sent));
    expect(second).not.toHaveProperty('constructor', 'x');
    expect(second?.Job?.TaskGroups?.[0]).toStrictEqual({});
    expect(second?.Job?.SubmitTime?.toString()).toBe('1700000000123456789');
  });

  it('stops with the error when access is denied, and after too many failed reconnects', async () => {
    const { fake } = await scheduler({ acl: { tokens: { reader: { node: 'read' } } } });
    const client = clientOf(fake, { token: 'reader' });
    await expect(collect(client.events.stream({ topics: { Job: [] } }), () => true)).rejects.toSatisfy(
      (error: unknown) => PermissionDeniedError.isInstance(error),
    );
    const nodes = await collect(client.events.stream({ topics: { Node: [] } }), () => true);
    expect(nodes[0]?.Type).toBe('NodeRegistration');

    const broken = await startTestServer();
    onTestFinished(() => broken.close());
    broken.route('GET', '/v1/event/stream', (_req, res) => res.text(500, 'no leader'));
    const core = createSchedulerCore({ baseUrl: broken.url, retry: false });
    await expect(collect(streamEvents(core, { maxFailures: 3, backoffMs: 1 }), () => true)).rejects.toSatisfy(
      (error: unknown) => ServerError.isInstance(error),
    );
    expect(broken.requests).toHaveLength(3);
  });

  it('ends quietly when aborted, and refuses bad options before connecting', async () => {
    const { client, fake } = await scheduler();
    const controller = new AbortController();
    const stream = client.events.stream({ signal: controller.signal, index: fake.index + 1 });
    const pending = stream.next();
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
    const before = fake.requests.length;
    await validationError(Promise.resolve().then(() => client.events.stream({ index: -1 })));
    await validationError(
      Promise.resolve().then(() => client.events.stream({ topics: { 'Job:web': ['x'] } })),
    );
    await validationError(Promise.resolve().then(() => client.events.stream({ topics: { Job: [''] } })));
    expect(fake.requests.length).toBe(before);
  });
});
