// Resuming the event stream: the service's `index` is an inclusive start and one index may carry
// several messages, so a resume must skip exactly what was delivered. Checked against a hand-written
// event log on a loopback server and against the fake.
import { startTestServer } from '@infra-sdk/core/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createSchedulerCore,
  type EventCursor,
  isTopic,
  ResponseValidationError,
  type StreamEvent,
  streamEvents,
  UnixNanos,
} from '../src/index.js';
import { clientOf, scheduler, serviceJob, until, validationError } from './support.js';

interface LogEvent {
  Topic: string;
  Type: string;
  Key: string;
  Namespace: string;
  FilterKeys: null;
  Index?: number;
  Payload: Record<string, unknown>;
}

function nodeEvent(key: string, type: string, index: number | undefined): LogEvent {
  return {
    Topic: 'Node',
    Type: type,
    Key: key,
    Namespace: '',
    FilterKeys: null,
    ...(index === undefined ? {} : { Index: index }),
    Payload: { Node: { ID: key } },
  };
}

/** The identity a cursor lists for one delivery of `event`: topic, type, key and namespace. */
const identityOf = (event: LogEvent): string =>
  [event.Topic, event.Type, event.Key, event.Namespace].join('\u0000');

// Index 7 comes in two messages (the service promises no one message per index), the second one
// carrying an event identical to one of the first; index 8's events carry no Index of their own.
const LOG = [
  { Index: 5, Events: [nodeEvent('a', 'NodeRegistration', 5)] },
  { Index: 7, Events: [nodeEvent('b', 'NodeRegistration', 7), nodeEvent('c', 'NodeRegistration', 7)] },
  { Index: 7, Events: [nodeEvent('b', 'NodeRegistration', 7), nodeEvent('d', 'NodeEvent', 7)] },
  { Index: 8, Events: [nodeEvent('e', 'NodeEvent', undefined), nodeEvent('f', 'NodeEvent', undefined)] },
  { Index: 11, Events: [nodeEvent('g', 'NodeDrain', 11)] },
];
const ALL = LOG.flatMap((message) => message.Events.map((event) => `${message.Index}:${event.Key}`));

/**
 * A loopback event stream serving LOG from the requested index (inclusive); the first connection is cut
 * after `cutAfter` lines, once the test calls `cut()` (when the client has read them).
 */
async function eventLog(cutAfter = Number.POSITIVE_INFINITY) {
  const server = await startTestServer();
  onTestFinished(() => server.close());
  const starts: number[] = [];
  let cut: () => void = () => undefined;
  const cutting = new Promise<void>((resolve) => {
    cut = resolve;
  });
  server.route('GET', '/v1/event/stream', async (req, res) => {
    const from = Number(req.query.get('index') ?? '0');
    starts.push(from);
    const cutAt = starts.length === 1 ? cutAfter : Number.POSITIVE_INFINITY;
    const lines = LOG.filter((message) => message.Index >= from);
    await res.chunked(
      200,
      (async function* () {
        let sent = 0;
        for (const message of lines) {
          if (sent === cutAt) {
            // What was written has reached the client: now fail like a broken network.
            await cutting;
            res.raw.destroy();
            return;
          }
          sent += 1;
          yield `${JSON.stringify(message)}\n`;
        }
        await new Promise((resolve) => req.signal.addEventListener('abort', resolve, { once: true }));
      })(),
      { headers: { 'content-type': 'application/x-ndjson' } },
    );
  });
  return { server, starts, cut, core: createSchedulerCore({ baseUrl: server.url, retry: false }) };
}

const label = (event: StreamEvent) => `${event.Index}:${event.Key}`;

async function take(stream: AsyncIterable<StreamEvent>, count: number): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  if (count === 0) return events;
  for await (const event of stream) {
    events.push(event);
    if (events.length === count) break;
  }
  return events;
}

describe('event stream resumes', () => {
  it('delivers two messages of one index, identical events included, and fills in a missing event Index', async () => {
    const { core } = await eventLog();
    const events = await take(streamEvents(core), ALL.length);
    expect(events.map(label)).toEqual(ALL);
    expect(events.filter((event) => event.Index === 8).every((event) => event.Index === 8)).toBe(true);
  });

  it('reconnects after a cut in the middle of an index with none twice and none lost', async () => {
    // The cut comes after the first message of index 7: the reconnect asks for 7 again.
    const { core, starts, cut } = await eventLog(2);
    const stream = streamEvents(core, { backoffMs: 1, maxBackoffMs: 5 });
    const events: StreamEvent[] = [];
    for await (const event of stream) {
      events.push(event);
      // The events of the first two messages have come: the connection breaks.
      if (events.length === 3) cut();
      if (events.length === ALL.length) break;
    }
    expect(events.map(label)).toEqual(ALL);
    expect(starts).toEqual([0, 7]);
    expect(stream.cursor).toEqual({ index: 11, delivered: [`Node\u0000NodeDrain\u0000g\u0000`] });
  });

  it('resumes after any delivered event with resumeAfter, whatever the message boundaries', async () => {
    const { core, starts } = await eventLog();
    for (let split = 0; split < ALL.length; split++) {
      const first = streamEvents(core);
      const before = await take(first, split);
      // A cursor is plain JSON: it survives being stored.
      const cursor = JSON.parse(JSON.stringify(first.cursor)) as EventCursor;
      await first.return();
      const second = streamEvents(core, { resumeAfter: cursor });
      const after = await take(second, ALL.length - split);
      await second.return();
      expect([...before, ...after].map(label), `split after ${split}`).toEqual(ALL);
      expect(starts.at(-1)).toBe(cursor.index);
    }
  });

  it('delivers every event of the indexes after a resumed one, identities like the resumed ones included', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    const b = (index: number) => nodeEvent('b', 'NodeRegistration', index);
    // The cursor's index 7 is gone from the service's buffer, or is replayed short: either way the
    // events of index 8 that look like the ones delivered at 7 are new.
    const lines = [
      [{ Index: 8, Events: [b(8), b(8)] }],
      [
        { Index: 7, Events: [b(7)] },
        { Index: 8, Events: [b(8), b(8), b(8)] },
      ],
    ];
    let connection = 0;
    server.route('GET', '/v1/event/stream', (_req, res) => res.ndjson(200, lines[connection++] ?? []));
    const core = createSchedulerCore({ baseUrl: server.url, retry: false });
    const resumeAfter = { index: 7, delivered: [identityOf(b(7)), identityOf(b(7))] };
    expect((await take(streamEvents(core, { resumeAfter }), 2)).map(label)).toEqual(['8:b', '8:b']);
    expect((await take(streamEvents(core, { resumeAfter }), 3)).map(label)).toEqual(['8:b', '8:b', '8:b']);
  });

  it('refuses an event that has no Index anywhere instead of dropping it', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    server.route('GET', '/v1/event/stream', (_req, res) =>
      res.ndjson(200, [{ Events: [nodeEvent('x', 'NodeEvent', undefined)] }]),
    );
    const core = createSchedulerCore({ baseUrl: server.url });
    for (const validateResponse of [true, false]) {
      const error = await take(streamEvents(core, { validateResponse }), 1).catch(
        (caught: unknown) => caught,
      );
      expect(ResponseValidationError.isInstance(error), String(error)).toBe(true);
      expect((error as ResponseValidationError).issues[0]?.path).toBe('line 1.Events.0.Index');
    }
  });

  it('checks the envelope even without payload validation', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    server.route('GET', '/v1/event/stream', (_req, res) =>
      res.ndjson(200, [{ Index: 3, Events: [{ Topic: 5, Type: 'X', Index: 3, Payload: {} }] }]),
    );
    const core = createSchedulerCore({ baseUrl: server.url });
    const error = await take(streamEvents(core, { validateResponse: false }), 1).catch(
      (caught: unknown) => caught,
    );
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as ResponseValidationError).issues[0]?.path).toBe('line 1.Events.0.Topic');
  });

  it('refuses index together with resumeAfter, and a malformed cursor', async () => {
    const { core, server } = await eventLog();
    await validationError(
      Promise.resolve().then(() =>
        streamEvents(core, { index: 3, resumeAfter: { index: 3, delivered: [] } }),
      ),
    );
    await validationError(
      Promise.resolve().then(() =>
        streamEvents(core, { resumeAfter: { index: -1, delivered: [] } as EventCursor }),
      ),
    );
    await validationError(
      Promise.resolve().then(() =>
        streamEvents(core, { resumeAfter: { index: 1, delivered: [3] } as unknown as EventCursor }),
      ),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('resumes the fake after a forced disconnect and a stop in the middle of a message', async () => {
    const { client, fake } = await scheduler({ heartbeatMs: 20 });
    const other = clientOf(fake);
    await other.jobs.create({ Job: serviceJob('web', 2) });
    // Registering commits several events at one index: stop after two of them.
    const first = client.events.stream({ topics: { '*': ['*'] } });
    const head = await take(first, fake.events[0]?.Events.length ?? 0);
    const registration = await take(first, 2);
    expect(registration.every((event) => event.Index === registration[0]?.Index)).toBe(true);
    const cursor = first.cursor;
    await first.return();
    await other.jobs.update('web', { Job: serviceJob('web', 3) });
    const second = client.events.stream({ resumeAfter: cursor, backoffMs: 5, maxBackoffMs: 20 });
    const rest: StreamEvent[] = [];
    const consuming = (async () => {
      for await (const event of second) {
        rest.push(event);
        if (event.Topic === 'Job' && event.Key === 'last') break;
      }
    })();
    await until(() => rest.length > 0);
    expect(fake.dropEventStreams()).toBe(1);
    await other.jobs.deregister('web');
    await other.jobs.create({ Job: serviceJob('last', 1) });
    await consuming;
    const key = (event: { Index: number; Topic: string; Type: string; Key?: string | undefined }) =>
      `${event.Index}/${event.Topic}/${event.Type}/${event.Key}`;
    const all = fake.events.flatMap((message) => message.Events.map(key));
    // The stream was left at the registration of `last`; its allocation's health came after.
    const expected = all.slice(0, all.findIndex((line) => line.endsWith('/Job/JobRegistered/last')) + 1);
    expect([...head, ...registration, ...rest].map(key)).toEqual(expected);
  });

  it('decodes nanosecond times in events exactly', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const [event] = await take(client.events.stream({ topics: { Allocation: ['web'] } }), 1);
    const alloc = event && isTopic(event, 'Allocation') ? event.Payload?.Allocation : undefined;
    expect(alloc?.CreateTime).toBeInstanceOf(UnixNanos);
    const held = fake.allocations()[0]?.CreateTime;
    expect(alloc?.CreateTime?.toString()).toBe(held?.toString());
    expect(alloc?.CreateTime?.toString()).toMatch(/^\d{19}$/);
  });
});
