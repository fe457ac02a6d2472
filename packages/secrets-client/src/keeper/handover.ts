// Handing new credentials to the caller: to `onCredential` and to every iterator. A handover is complete
// when the callback has resolved and every iterator that was open has taken the credential (or closed):
// only then may the credential it replaces be revoked. An iterator that falls behind skips to the newest
// credential, since the ones in between are already replaced.
import type { Credential } from './types.js';

interface Reader {
  /** Generation it yielded last. */
  seen: number;
  /** Wakes a `next()` that waits for a credential. */
  wake: (() => void) | undefined;
  /** Handovers waiting for this reader to take a generation. */
  readonly waits: { generation: number; resolve: () => void }[];
}

function settle(reader: Reader, all = false): void {
  for (const wait of reader.waits.splice(0)) {
    if (all || wait.generation <= reader.seen) wait.resolve();
    else reader.waits.push(wait);
  }
}

/** The handover of one keeper's credentials. */
export class Handover<T> {
  #latest: Credential<T> | undefined;
  readonly #readers = new Set<Reader>();
  #closed = false;

  /**
   * Hands `credential` over; resolves to true once the callback resolved and every open iterator took it,
   * to false when the callback failed (`onFailure` hears why; the caller may not have switched).
   */
  publish(
    credential: Credential<T>,
    callback: ((credential: Credential<T>) => void | Promise<void>) | undefined,
    onFailure: (error: unknown) => void,
  ): Promise<boolean> {
    this.#latest = credential;
    const taken = [...this.#readers].map(
      (reader) =>
        new Promise<void>((resolve) => {
          reader.waits.push({ generation: credential.generation, resolve });
          reader.wake?.();
        }),
    );
    const delivered = (async () => {
      try {
        await callback?.(credential);
        return true;
      } catch (error) {
        onFailure(error);
        return false;
      }
    })();
    return Promise.all([delivered, ...taken]).then(([ok]) => ok);
  }

  /** Keeps `credential` as the latest without a handover: the same credential, renewed. */
  update(credential: Credential<T>): void {
    this.#latest = credential;
  }

  /** Ends every iterator; handovers waiting for them complete. */
  close(): void {
    this.#closed = true;
    for (const reader of this.#readers) {
      settle(reader, true);
      reader.wake?.();
    }
  }

  /** An iterator over the credentials: the latest now, then each newer one. */
  iterate(): AsyncIterableIterator<Credential<T>> {
    const reader: Reader = { seen: 0, wake: undefined, waits: [] };
    this.#readers.add(reader);
    const finish = (): IteratorResult<Credential<T>> => {
      this.#readers.delete(reader);
      settle(reader, true);
      return { done: true, value: undefined };
    };
    const iterator: AsyncIterableIterator<Credential<T>> = {
      next: async () => {
        for (;;) {
          const latest = this.#latest;
          if (!this.#readers.has(reader)) return { done: true, value: undefined };
          if (latest !== undefined && latest.generation > reader.seen) {
            reader.seen = latest.generation;
            settle(reader);
            return { done: false, value: latest };
          }
          if (this.#closed) return finish();
          await new Promise<void>((resolve) => {
            reader.wake = resolve;
          });
          reader.wake = undefined;
        }
      },
      return: async () => finish(),
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }
}
