import type { SchedulerCore } from '../core.js';
import type { StreamEventOf } from './schemas.js';
import {
  type EventStream,
  type EventStreamOptions,
  type EventTopicName,
  streamEvents,
} from './stream-events.js';

/** The events group of the client: `for await (const event of client.events.stream({ topics: { Job: ['web'] } }))`. */
export function eventsGroup(core: SchedulerCore) {
  return {
    /**
     * `GET /v1/event/stream`: the events of the chosen topics as an async iterable, from the backlog at
     * `index` (inclusive), from now on (`index: 'now'`), or after an earlier stream's `cursor`
     * (`resumeAfter`), reconnecting as needed with nothing lost and nothing twice. Heartbeats never
     * reach you; `stream.cursor` is where it stands. Without a `signal` it keeps the process alive.
     *
     * Options: `topics` (topic → filter keys; `[]` or `['*']`: every key; none: everything the token may see),
     * `namespace`, `index`, `resumeAfter`, `signal`, `idleTimeout` (45 000 ms), `backoffMs`, `maxBackoffMs`,
     * `maxFailures`, `onRetry`, `clock` (where the pauses are waited), `validateResponse: false` (payloads
     * unchecked).
     *
     * @example
     * ```ts
     * await scheduler.jobs.create({
     *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
     * });
     * const controller = new AbortController();
     * for await (const event of scheduler.events.stream({ topics: { Job: [], Allocation: [] }, index: 0, signal: controller.signal })) {
     *   if (event.Topic === 'Allocation') {
     *     console.log(event.Type, event.Payload.Allocation?.ClientStatus);
     *     controller.abort(); // ends the stream quietly
     *   }
     * }
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
     *   connections in a row failed (10 by default; each reconnect is told to `onRetry`). Aborting `signal`
     *   ends the iteration quietly.
     */
    stream: <T extends EventTopicName = '*'>(
      options?: EventStreamOptions<T>,
    ): EventStream<StreamEventOf<T>> => streamEvents(core, options),
  };
}

/** The events group of the client. */
export type EventsGroup = ReturnType<typeof eventsGroup>;
