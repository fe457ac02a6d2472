import type { SchedulerCore } from '../core.js';
import {
  type EventStream,
  type EventStreamOptions,
  type EventTopicName,
  streamEvents,
} from './stream-events.js';
import type { StreamEventOf } from './topics.js';

/** The events group of the client: `for await (const event of client.events.stream({ topics: { Job: ['web'] } }))`. */
export function eventsGroup(core: SchedulerCore) {
  return {
    stream: <T extends EventTopicName = '*'>(
      options?: EventStreamOptions<T>,
    ): EventStream<StreamEventOf<T>> => streamEvents(core, options),
  };
}

/** The events group of the client. */
export type EventsGroup = ReturnType<typeof eventsGroup>;
