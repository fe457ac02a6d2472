// The fake's event log: a bounded backlog of messages (one per index) and the live subscribers.

/** One event as the stream carries it. */
export interface FakeEvent {
  /** Topic of the event, e.g. `Job` or `Allocation`. */
  readonly Topic: string;
  /** What happened, e.g. `JobRegistered`. */
  readonly Type: string;
  /** Id of the object the event is about. */
  readonly Key: string;
  /** Namespace of that object; empty for objects outside namespaces (nodes). */
  readonly Namespace: string;
  /** Further keys a topic filter matches, e.g. the job id of an allocation. */
  readonly FilterKeys: readonly string[] | null;
  /** Index at which the change was committed. */
  readonly Index: number;
  /** The object, under the topic's name (`{ Job: ... }`). */
  readonly Payload: Readonly<Record<string, unknown>>;
}

/** The events committed at one index. */
export interface FakeEventMessage {
  /** Index at which the events were committed. */
  readonly Index: number;
  /** The events of that index. */
  readonly Events: readonly FakeEvent[];
}

/** Keeps the latest messages for replay and hands new ones to every subscriber. */
export class EventBroker {
  readonly #limit: number;
  readonly #backlog: FakeEventMessage[] = [];
  readonly #subscribers = new Set<(message: FakeEventMessage) => void>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Messages still buffered, oldest first. */
  get backlog(): readonly FakeEventMessage[] {
    return this.#backlog;
  }

  publish(message: FakeEventMessage): void {
    if (message.Events.length === 0) return;
    this.#backlog.push(message);
    if (this.#backlog.length > this.#limit) this.#backlog.splice(0, this.#backlog.length - this.#limit);
    for (const subscriber of this.#subscribers) subscriber(message);
  }

  /** Calls `listener` with every message published from now on; returns the unsubscribe function. */
  subscribe(listener: (message: FakeEventMessage) => void): () => void {
    this.#subscribers.add(listener);
    return () => this.#subscribers.delete(listener);
  }
}
