// Reads a watch or a stream in the background while the scenario goes on, so a step can act (drain a
// node, delete a namespace) and then look at what the service reported meanwhile. Every wait has a
// deadline: a demo must never hang.
import { CheckFailed } from './output.ts';

/** Everything an async iterable delivered so far, and a way to wait for more. */
export class Follower<T> {
  readonly items: T[] = [];
  readonly #controller: AbortController;
  readonly #done: Promise<void>;
  #error: unknown;
  #ended = false;
  #wake: (() => void) | undefined;

  /** `open` receives the signal that `stop()` aborts; pass it to the watch or stream. */
  constructor(open: (signal: AbortSignal) => AsyncIterable<T>) {
    this.#controller = new AbortController();
    const iterable = open(this.#controller.signal);
    this.#done = this.#pump(iterable);
  }

  async #pump(iterable: AsyncIterable<T>): Promise<void> {
    try {
      for await (const item of iterable) {
        this.items.push(item);
        this.#notify();
      }
    } catch (error) {
      if (!this.#controller.signal.aborted) this.#error = error;
    } finally {
      this.#ended = true;
      this.#notify();
    }
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /**
   * Waits until an item from position `from` on satisfies `predicate` and returns its position; fails
   * with `what` after `timeoutMs`, or with the iterable's own error.
   */
  async waitFor(predicate: (item: T) => boolean, what: string, timeoutMs: number, from = 0): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    let checked = from;
    for (;;) {
      for (; checked < this.items.length; checked += 1) {
        const item = this.items[checked];
        if (item !== undefined && predicate(item)) return checked;
      }
      if (this.#error !== undefined) throw this.#error;
      if (this.#ended) throw new CheckFailed(`${what}: the stream ended first`);
      const left = deadline - performance.now();
      if (left <= 0) throw new CheckFailed(`${what}: nothing after ${Math.round(timeoutMs / 1000)} s`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Ends the watch or stream (its request is aborted) and waits until the reader stopped. */
  async stop(): Promise<void> {
    this.#controller.abort();
    await this.#done;
  }
}
