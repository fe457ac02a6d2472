// The event stream as an async iterable that survives dropped connections: it reconnects with
// back-off from the last index it delivered and skips what it already delivered, so nothing is lost
// and nothing comes twice. Heartbeats never reach the caller; an idle timeout catches a dead stream.
import {
  ConnectionError,
  delay,
  type InfraSdkError,
  isTransientError,
  parseNdjson,
  RequestValidationError,
  ResponseValidationError,
  redactUrl,
  validateResponse,
} from '@infra-sdk/core';
import type * as v from 'valibot';
import type { SchedulerCore } from '../client.js';
import { type NamespaceOptions, namespaceQuery } from '../operation.js';
import { type EventTopic, OtherStreamEvent, type StreamEventOf, streamEventSchemas } from './schemas.js';

/** Options of `streamEvents`. */
export interface EventStreamOptions<T extends string> extends NamespaceOptions {
  /**
   * Topics and their filter keys, e.g. `{ Job: ['web'], Deployment: ['*'] }`; an empty list means every
   * key of the topic. `{ '*': ['*'] }` or no topics: everything the token may see.
   */
  readonly topics?: Readonly<Partial<Record<T, readonly string[]>>>;
  /** Start at this index (the server starts at the next one it still has when it is gone). */
  readonly index?: number;
  /** A connection without any bytes (heartbeats included) for this long is dropped and reopened. Default 45 000 ms. */
  readonly idleTimeoutMs?: number;
  /** First back-off before reconnecting, doubled per failure in a row, with jitter. Default 500 ms. */
  readonly backoffMs?: number;
  /** Longest back-off. Default 30 000 ms. */
  readonly maxBackoffMs?: number;
  /** Failed connections in a row after which the last error is thrown. Default: never give up. */
  readonly maxReconnects?: number;
}

/** The events of a subscription; `lastIndex` is the index of the last delivered event (0 before any). */
export type EventStream<E> = AsyncGenerator<E, void, undefined> & {
  /** Index of the last delivered event; 0 before any. */
  readonly lastIndex: number;
};

function invalid(path: string, message: string): RequestValidationError {
  return new RequestValidationError('event stream options', [{ path, message }]);
}

/** The repeated `topic` values: `Topic:key`, or `Topic:*` for every key. */
export function topicQuery(
  topics: Readonly<Record<string, readonly string[] | undefined>> | undefined,
): string[] {
  const values: string[] = [];
  for (const [topic, keys] of Object.entries(topics ?? {})) {
    if (keys === undefined) continue;
    if (topic === '' || topic.includes(':')) {
      throw invalid(`topics.${topic}`, `${JSON.stringify(topic)} is not a topic name`);
    }
    if (keys.length === 0) values.push(`${topic}:*`);
    for (const key of keys) {
      if (typeof key !== 'string' || key === '') {
        throw invalid(`topics.${topic}`, 'filter keys must be non-empty strings; use "*" for every key');
      }
      values.push(`${topic}:${key}`);
    }
  }
  return values;
}

/** Whether a failed connection is worth opening again: core's transient failures, and a cut-off line. */
function isTransient(error: unknown): boolean {
  return (
    isTransientError(error) || (ResponseValidationError.isInstance(error) && error.problem === 'truncated')
  );
}

interface StreamMessage {
  readonly Index?: number;
  readonly Events?: readonly { readonly Topic?: unknown; readonly Index?: unknown }[] | null;
}

/** GET /v1/event/stream — the events of the chosen topics, from `index` on, reconnecting as needed. */
export function streamEvents<T extends EventTopic | '*' | (string & {}) = '*'>(
  core: SchedulerCore,
  options: EventStreamOptions<T> = {},
): EventStream<StreamEventOf<T>> {
  const topic = topicQuery(options.topics as Readonly<Record<string, readonly string[] | undefined>>);
  const start = options.index;
  if (start !== undefined && (!Number.isSafeInteger(start) || start < 0)) {
    throw invalid('index', `${start} is not a whole number, 0 or more`);
  }
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const maxReconnects = options.maxReconnects ?? Number.POSITIVE_INFINITY;
  const validate = options.validateResponse ?? core.validateResponses;
  const where = { method: 'GET', url: redactUrl(`${core.transport.baseUrl}${core.pathPrefix}/event/stream`) };
  const state = { delivered: 0, resumeAt: start, last: 0 };

  async function* run(): AsyncGenerator<StreamEventOf<T>, void, undefined> {
    const controller = new AbortController();
    const outer = options.signal;
    const onAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onAbort, { once: true });
    if (outer?.aborted) controller.abort(outer.reason);
    let failures = 0;
    try {
      while (!controller.signal.aborted) {
        let lastError: InfraSdkError | undefined;
        try {
          const body = await core.transport.request<ReadableStream<Uint8Array>>(
            {
              method: 'GET',
              path: '/event/stream',
              query: {
                ...namespaceQuery(core, options),
                index: state.resumeAt,
                ...(topic.length > 0 ? { topic } : {}),
              },
              responseType: 'stream',
            },
            { ...options, signal: controller.signal },
          );
          const messages = parseNdjson<StreamMessage>(body, {
            idleTimeoutMs,
            signal: controller.signal,
            ...where,
          });
          for await (const message of messages) {
            failures = 0;
            const events = message.Events;
            if (!events || events.length === 0) continue;
            let highest = state.delivered;
            for (const raw of events) {
              const index = typeof raw.Index === 'number' ? raw.Index : (message.Index ?? 0);
              // Replayed after a reconnect: delivered before.
              if (index <= state.delivered) continue;
              highest = Math.max(highest, index);
              state.last = index;
              const schema: v.GenericSchema =
                (streamEventSchemas as Record<string, v.GenericSchema>)[String(raw.Topic)] ??
                OtherStreamEvent;
              yield (validate ? await validateResponse(schema, raw, where) : raw) as StreamEventOf<T>;
            }
            state.delivered = highest;
            state.resumeAt = highest;
          }
        } catch (error) {
          if (controller.signal.aborted) return;
          if (!isTransient(error)) throw error;
          lastError = error as InfraSdkError;
        }
        failures += 1;
        if (failures > maxReconnects) {
          throw (
            lastError ?? new ConnectionError('The event stream kept closing; gave up reconnecting', where)
          );
        }
        const base = Math.min(maxBackoffMs, backoffMs * 2 ** (failures - 1));
        await delay(base / 2 + Math.random() * (base / 2), controller.signal);
      }
    } finally {
      outer?.removeEventListener('abort', onAbort);
      controller.abort();
    }
  }

  const stream = run() as EventStream<StreamEventOf<T>>;
  Object.defineProperty(stream, 'lastIndex', { get: () => state.last, enumerable: true });
  return stream;
}
