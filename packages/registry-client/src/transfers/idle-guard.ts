import { AbortError, type Clock, ConnectionError, InfraSdkError, TimeoutError } from '@infra-sdk/core';
import { type IdleWatch, watchIdle } from './idle-watch.js';

/** Limits and context of a guarded stream. */
export interface IdleGuardOptions {
  /** Milliseconds to wait for the next chunk while the consumer waits. */
  readonly idleTimeout: number;
  /** Where the idle time is counted. */
  readonly clock: Clock;
  /** Where the bytes come from, redacted, for error messages. */
  readonly where: { readonly method: string; readonly url: string };
  /** The caller's signal: its abort becomes an AbortError. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Passes a stream on chunk by chunk. The timer runs only while the consumer waits for a chunk, so a slow
 * consumer is never mistaken for a dead connection; failures become core's errors.
 */
export function guardIdle(
  stream: ReadableStream<Uint8Array>,
  options: IdleGuardOptions,
): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  const { idleTimeout, clock, where, signal } = options;
  const toCoreError = (error: unknown): unknown => {
    if (InfraSdkError.isInstance(error)) return error;
    if (signal?.aborted) return new AbortError('The download was aborted', { cause: signal.reason });
    return new ConnectionError('the connection broke before the whole asset arrived', {
      ...where,
      cause: error,
    });
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let watch: IdleWatch | undefined;
        const timeout = new Promise<never>((_, reject) => {
          watch = watchIdle(clock, idleTimeout, () =>
            reject(new TimeoutError(idleTimeout, 'the download made no progress', where)),
          );
        });
        try {
          const next = await Promise.race([reader.read(), timeout]);
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          const failure = toCoreError(error);
          controller.error(failure);
          reader.cancel(failure).catch(() => undefined);
        } finally {
          watch?.stop();
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
