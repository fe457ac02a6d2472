// The event stream as an async iterable that survives dropped connections. The service's `index` is an
// inclusive start, and one index may carry several messages, so a position is the index plus which of
// its events were delivered (the cursor). Reconnects and `resumeAfter` ask for that index again and
// skip exactly what was delivered: nothing comes twice and nothing is lost. Heartbeats never reach the
// caller; an idle timeout catches a dead stream.
import {
  type Clock,
  ConnectionError,
  checkOptions,
  createRetryLoop,
  type KeySets,
  type OwnOptionKeys,
  parseNdjson,
  ResponseValidationError,
  type RetryLoopEvent,
  redactUrl,
  type ValidationIssue,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { parseWithTimes, type TimeFields, timeFields } from '../time-fields.js';
import { currentIndex } from './current-index.js';
import {
  checkCursor,
  countOf,
  type Envelope,
  type EventCursor,
  identity,
  invalid,
  isIndex,
  topicQuery,
} from './cursor.js';
import { EventMessageSchema, OtherPayloadSchema, payloadSchemas } from './schemas.js';
import type { EventTopic, StreamEventOf } from './topics.js';

/** A topic a subscription may name: a known one, `*` for every topic, or the name of a newer one. */
export type EventTopicName = EventTopic | '*' | (string & {});

/**
 * The topics of a subscription and their filter keys: `{ Job: ['web'], Node: [] }`. An empty list (or
 * `['*']`) means every key of the topic; `{ '*': ['*'] }` every topic. A topic this version does not
 * know may be named too (`{ Service: [] }`); its events arrive as `OtherStreamEvent`.
 */
export interface EventTopics {
  /** Jobs, by job id. */
  readonly Job?: readonly string[] | undefined;
  /** Allocations, by allocation id, job id or deployment id. */
  readonly Allocation?: readonly string[] | undefined;
  /** Evaluations, by evaluation id or job id. */
  readonly Evaluation?: readonly string[] | undefined;
  /** Deployments, by deployment id or job id. */
  readonly Deployment?: readonly string[] | undefined;
  /** Nodes, by node id. */
  readonly Node?: readonly string[] | undefined;
  /** Node drains, by node id. */
  readonly NodeDrain?: readonly string[] | undefined;
  /** ACL tokens (management tokens only). */
  readonly ACLToken?: readonly string[] | undefined;
  /** ACL policies (management tokens only). */
  readonly ACLPolicy?: readonly string[] | undefined;
  /** Every topic. */
  readonly '*'?: readonly string[] | undefined;
}

/**
 * The topics option of a subscription to topics `T`: their filter keys by name. When the names cannot
 * be read from what is given (a list instead of an object, say), it is `EventTopics`, so the error
 * names that type.
 */
export type EventTopicsOf<T extends string> = string extends T
  ? EventTopics
  : { readonly [Topic in T]?: readonly string[] | undefined };

/** Options of `streamEvents`. */
export interface EventStreamOptions<T extends string = EventTopicName> extends NamespaceOptions {
  /** Topics and their filter keys, e.g. `{ Job: ['web'] }`. Left out: everything the token may see. */
  readonly topics?: EventTopicsOf<T> | undefined;
  /**
   * Where to start: an index, inclusive, as the service means it (when it is no longer buffered, the
   * service starts at the next one it has); or `'now'` for only what happens from now on, without the
   * backlog. To continue an earlier stream use `resumeAfter` instead.
   */
  readonly index?: number | 'now' | undefined;
  /** Continue after this cursor (`stream.cursor` of an earlier stream): nothing twice, nothing lost. */
  readonly resumeAfter?: EventCursor | undefined;
  /** A connection without any bytes (heartbeats included) for this long, in ms, is dropped and reopened. Default 45 000. */
  readonly idleTimeout?: number | undefined;
  /** First pause before reconnecting, in ms, doubled per failure in a row, with jitter. Default 500. */
  readonly backoffMs?: number | undefined;
  /** Longest pause in ms. Default 30 000. */
  readonly maxBackoffMs?: number | undefined;
  /**
   * Failed connections in a row, with nothing received between them, after which the stream ends with
   * the last error, its message ending "(N failures in a row over T s)". Default 10
   * (`DEFAULT_MAX_FAILURES`); `Infinity` reconnects for as long as `signal` allows. The third failure
   * in a row is one warning line on the client's `logger` (its recovery one `info` line). Each
   * connection is one attempt (`retry: false` unless given), so every failure counts.
   */
  readonly maxFailures?: number | undefined;
  /**
   * Told before each reconnect: the failure (a `ConnectionError`, `TimeoutError`, `ServerError` or
   * `RateLimitError`: only those are retried), the attempt's number and the pause before it.
   */
  readonly onRetry?: ((event: RetryLoopEvent) => void | Promise<void>) | undefined;
  /**
   * Where the pauses before reconnecting are waited. Default `systemClock`; a test gives a test clock
   * (`createTestClock` of `@infra-sdk/core/testing`) and moves it. The idle timeout is the connection's
   * own and runs in real time.
   */
  readonly clock?: Clock | undefined;
}

/** The keys of `EventStreamOptions`. */
export const eventStreamOptionKeys: KeySets = [
  namespaceOptionKeys,
  {
    topics: 1,
    index: 1,
    resumeAfter: 1,
    idleTimeout: 1,
    // Before `maxBackoffMs`: a `maxReconnects` of another client is as near to both, and means this one.
    maxFailures: 1,
    backoffMs: 1,
    maxBackoffMs: 1,
    onRetry: 1,
    clock: 1,
  } as const satisfies OwnOptionKeys<EventStreamOptions, NamespaceOptions>,
];

/** The events of a subscription, with where it stands. */
export type EventStream<E> = AsyncGenerator<E, void, undefined> & {
  /** Index of the last delivered event; 0 before any. */
  readonly lastIndex: number;
  /** Where the stream stands after the last delivered event; pass it as `resumeAfter` to continue. */
  readonly cursor: EventCursor;
};

/** The time fields of a line: those each event's topic declares in its payload. */
const eventTimes: TimeFields = (message, at) => {
  const events = (message as { Events?: unknown } | null)?.Events;
  if (!Array.isArray(events)) return;
  for (const event of events as { Topic?: unknown; Payload?: unknown }[]) {
    const schema = payloadSchemas.get(String(event?.Topic));
    if (schema !== undefined) timeFields(schema)?.(event.Payload, at);
  }
};

const parseLine = (text: string): unknown => parseWithTimes(text, eventTimes);

/** valibot's issues as core's, under `prefix` (where in the stream they are). */
function issuesAt(prefix: string, issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue);
    return { path: path === null ? prefix : `${prefix}.${path}`, message: issue.message };
  });
}

/**
 * `GET /v1/event/stream`: the events of the chosen topics as an async iterable, from the backlog at
 * `index` (inclusive), from now on (`index: 'now'`), or after an earlier stream's `cursor`
 * (`resumeAfter`), reconnecting as needed with nothing lost and nothing twice. Heartbeats never
 * reach you; `stream.cursor` is where it stands. Without a `signal` it keeps the process alive.
 *
 * Options: `topics` (topic → filter keys; `[]` or `['*']`: every key; none: everything the token may see).
 *
 * @example
 * ```ts
 * import { streamEvents } from '@infra-sdk/scheduler-client';
 *
 * const events = streamEvents(core, { topics: { Job: ['web'] }, index: 0, signal: AbortSignal.timeout(60_000) });
 * for await (const event of events) {
 *   console.log(event.Type, event.Payload.Job?.Status); // JobRegistered pending
 *   break; // closes the connection
 * }
 * console.log(events.cursor); // { index, delivered }: store it, pass it later as resumeAfter
 * ```
 * @throws {RequestValidationError} at the call, before connecting, when `index` is neither a whole number
 *   nor `'now'`, `resumeAfter` is not a cursor, or both are given.
 * @throws {PermissionDeniedError} from the iteration, at once, when the token may not read a topic
 *   (`read-job` for job topics, node `read` for node topics, management for ACL topics and `*`).
 * @throws {BadRequestError} from the iteration, at once, for a topic the server does not know.
 * @throws {ResponseValidationError} from the iteration, when a line or an event's envelope does not have
 *   the expected shape, an event has no index, or (unless `validateResponse: false`) a payload does not
 *   match its topic's schema.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures`
 *   connections in a row failed.
 */
export function streamEvents<T extends EventTopicName = '*'>(
  core: SchedulerCore,
  options: EventStreamOptions<T> = {},
): EventStream<StreamEventOf<T>> {
  checkOptions(options, eventStreamOptionKeys, 'event stream options');
  const topics = options.topics as Readonly<Record<string, readonly string[] | undefined>> | undefined;
  const topic = topicQuery(topics);
  const start = options.index;
  if (start !== undefined && start !== 'now' && !isIndex(start)) {
    throw invalid('index', `${String(start)} is not a whole number, 0 or more, nor 'now'`);
  }
  const resume = options.resumeAfter;
  if (resume !== undefined) {
    checkCursor(resume);
    if (start !== undefined) {
      throw invalid('index', 'give either `index` (an inclusive start) or `resumeAfter`, not both');
    }
  }
  const idleTimeout = options.idleTimeout ?? 45_000;
  const validate = options.validateResponse ?? core.validateResponses;
  const where = { method: 'GET', url: redactUrl(`${core.transport.baseUrl}${core.pathPrefix}/event/stream`) };

  // The position: the last delivered index and the identity of each delivery of that index, in order.
  let cursorIndex = resume?.index ?? 0;
  let delivered: string[] = [...(resume?.delivered ?? [])];
  // Nothing older than the start is delivered, even when the service hands out a little of its backlog.
  let floor = typeof start === 'number' ? start : 0;
  const startIndex = (): number | undefined =>
    resume !== undefined || cursorIndex > 0 ? cursorIndex : floor > 0 ? floor : undefined;

  const invalidMessage = (message: string, issues: readonly ValidationIssue[]) =>
    new ResponseValidationError('schema', message, { issues, ...where });

  /** The event with its payload checked against its topic's schema (as valibot returns it), or a ResponseValidationError. */
  function decode(event: Envelope, position: string): StreamEventOf<T> {
    if (validate) {
      const payload = v.safeParse(payloadSchemas.get(event.Topic) ?? OtherPayloadSchema, event.Payload);
      if (!payload.success) {
        throw invalidMessage(
          `The payload of a ${event.Topic} event does not have the expected shape`,
          issuesAt(`${position}.Payload`, payload.issues),
        );
      }
      event.Payload = payload.output;
    }
    return event as StreamEventOf<T>;
  }

  /** One connection: its events, from where the stream stands; `received` is told of every line. */
  async function* connection(signal: AbortSignal, received: () => void): AsyncGenerator<StreamEventOf<T>> {
    const body = await core.transport.request<ReadableStream<Uint8Array>>(
      {
        method: 'GET',
        path: '/event/stream',
        query: {
          ...namespaceQuery(core, options),
          index: startIndex(),
          ...(topic.length > 0 ? { topic } : {}),
        },
        responseType: 'stream',
      },
      // The stream reconnects itself, counting each failure: one attempt per connection.
      { ...options, retry: options.retry ?? false, signal },
    );
    const messages = parseNdjson(body, { idleTimeout, signal, parse: parseLine, ...where });
    // A connection that starts at an index with deliveries replays it: what it shows of that index is
    // counted per identity and matched against what was delivered before, delivery by delivery. Once it
    // moves on, every event of its index is new, so the common case keeps no counts.
    let before = delivered.length > 0 ? countOf(delivered) : undefined;
    const seen = new Map<string, number>();
    let line = 0;
    for await (const value of messages) {
      received();
      line += 1;
      // The line and the envelope of each of its events, checked whether payloads are or not.
      const message = v.safeParse(EventMessageSchema, value);
      if (!message.success) {
        throw invalidMessage(
          'A line of the event stream does not have the expected shape',
          issuesAt(`line ${line}`, message.issues),
        );
      }
      const events = message.output.Events ?? [];
      for (let position = 0; position < events.length; position++) {
        const event = events[position] as Envelope;
        const index = event.Index ?? message.output.Index;
        // Without an index an event has no place in the stream: it could be neither resumed nor
        // deduplicated, so it is an error rather than something to drop.
        if (index === undefined) {
          throw invalidMessage('An event of the stream carries no Index, nor does its message', [
            { path: `line ${line}.Events.${position}.Index`, message: 'must be a whole number, 0 or more' },
          ]);
        }
        // Older than the cursor (delivered before this connection replayed it) or than the start.
        if (index < cursorIndex || index < floor) continue;
        const id = identity(event);
        if (before !== undefined && index === cursorIndex) {
          const occurrence = (seen.get(id) ?? 0) + 1;
          seen.set(id, occurrence);
          if (occurrence <= (before.get(id) ?? 0)) continue;
        }
        event.Index = index;
        const typed = decode(event, `line ${line}.Events.${position}`);
        if (index > cursorIndex) {
          cursorIndex = index;
          // A new list rather than `length = 0`, which costs a runtime call per index.
          delivered = [id];
          before = undefined;
        } else {
          delivered.push(id);
        }
        yield typed;
      }
    }
  }

  async function* run(): AsyncGenerator<StreamEventOf<T>, void, undefined> {
    const controller = new AbortController();
    const outer = options.signal;
    const onAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onAbort, { once: true });
    if (outer?.aborted) controller.abort(outer.reason);
    const loop = createRetryLoop({
      signal: controller.signal,
      backoffMs: options.backoffMs ?? 500,
      maxBackoffMs: options.maxBackoffMs,
      maxFailures: options.maxFailures,
      onRetry: options.onRetry,
      clock: options.clock,
      // The stream's own failures (a connection that ended) name no client: its log is the client's.
      logger: core.transport.log,
    });
    try {
      if (start === 'now' && !controller.signal.aborted) {
        floor = (await currentIndex(core, topics, { ...options, signal: controller.signal })) + 1;
      }
      while (loop.running) {
        let failure: unknown;
        try {
          // Any line, a heartbeat included, shows the server is there: failures in a row start over.
          // Counting only events would end a quiet subscription whose proxy cuts idle connections.
          yield* connection(controller.signal, () => loop.succeeded());
          failure = new ConnectionError('The event stream ended', where);
        } catch (error) {
          if (controller.signal.aborted) return;
          // A line cut off is a connection that broke: opened again like any other.
          failure =
            ResponseValidationError.isInstance(error) && error.problem === 'truncated'
              ? new ConnectionError('The event stream broke off in the middle of a line', {
                  ...where,
                  cause: error,
                })
              : error;
        }
        await loop.failed(failure);
      }
    } finally {
      outer?.removeEventListener('abort', onAbort);
      controller.abort();
    }
  }

  const stream = run() as EventStream<StreamEventOf<T>>;
  Object.defineProperties(stream, {
    lastIndex: { get: () => cursorIndex, enumerable: true },
    cursor: {
      get: (): EventCursor =>
        Object.freeze({
          index: cursorIndex,
          delivered: Object.freeze([...delivered]),
        }),
      enumerable: true,
    },
  });
  return stream;
}
