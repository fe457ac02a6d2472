// The fake's event log: a bounded backlog of messages (one per index) and the live subscribers.

/** One event as the stream carries it. */
export interface FakeEvent {
  readonly Topic: string;
  readonly Type: string;
  readonly Key: string;
  readonly Namespace: string;
  readonly FilterKeys: readonly string[] | null;
  readonly Index: number;
  readonly Payload: Readonly<Record<string, unknown>>;
}

/** The events committed at one index. */
export interface FakeEventMessage {
  readonly Index: number;
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
