interface Waiter {
  readonly after: number;
  readonly wake: () => void;
}

/** The state index of a fake service, on which blocking queries wait. */
export class BlockingIndex {
  #current: number;
  readonly #waiters = new Set<Waiter>();

  /** Starts at `start` (default 1, as a new cluster does). */
  constructor(start = 1) {
    if (!Number.isSafeInteger(start) || start < 0)
      throw new Error(`index must be a non-negative integer: ${start}`);
    this.#current = start;
  }

  /** The index now. */
  get current(): number {
    return this.#current;
  }

  /** Records a change: increments the index, wakes the waiters it passes, returns the new index. */
  bump(): number {
    return this.set(this.#current + 1);
  }

  /** Sets the index; going backwards (a restored snapshot) wakes every waiter so clients see the reset. */
  set(index: number): number {
    if (!Number.isSafeInteger(index) || index < 0)
      throw new Error(`index must be a non-negative integer: ${index}`);
    const backwards = index < this.#current;
    this.#current = index;
    for (const waiter of [...this.#waiters]) if (backwards || waiter.after < index) waiter.wake();
    return index;
  }

  /** Resolves with the current index once it is greater than `after`, or when `waitMs` passes, or the signal aborts. */
  waitFor(after: number, waitMs: number, signal?: AbortSignal): Promise<number> {
    if (this.#current > after || signal?.aborted) return Promise.resolve(this.#current);
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', wake);
        this.#waiters.delete(waiter);
        resolve(this.#current);
      };
      const waiter: Waiter = { after, wake };
      // setTimeout overflows (and fires at once) beyond 2^31-1 ms.
      const timer = setTimeout(wake, Math.min(Math.max(waitMs, 0), 2_147_483_647));
      signal?.addEventListener('abort', wake, { once: true });
      this.#waiters.add(waiter);
    });
  }
}
