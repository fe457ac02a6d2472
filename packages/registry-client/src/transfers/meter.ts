// Counting and checksumming as bytes pass, one bounded chunk at a time: memory stays constant whatever
// the size, and progress moves at least every CHUNK bytes even when a source hands over one big chunk.
import type { Checksum } from '../hashing/checksum.js';

/** Largest chunk passed on; larger ones are passed on in slices (views, not copies). */
export const CHUNK = 64 * 1024;

const QUEUED_CHUNKS = 8;

/** What to do with the bytes passing through a meter. */
export interface MeterOptions {
  /** Fed with every chunk. */
  readonly checksum?: Checksum | undefined;
  /** Bytes expected at most; more fails the stream with what `onOverflow` returns. */
  readonly limit?: number | undefined;
  /** Called after each chunk with the bytes so far. */
  readonly onBytes?: (loaded: number) => void;
  /** Called after the last chunk with the total; throwing fails the stream instead of ending it. */
  readonly onEnd?: (loaded: number) => void;
  /** The error for a stream that went past `limit`. */
  readonly onOverflow?: (limit: number) => Error;
}

/** A pass-through stream that counts and checksums the bytes flowing through it. */
export function createMeter(options: MeterOptions): TransformStream<Uint8Array, Uint8Array> {
  let loaded = 0;
  const { limit } = options;
  return new TransformStream<Uint8Array, Uint8Array>(
    {
      transform(chunk, controller) {
        for (let offset = 0; offset < chunk.byteLength; offset += CHUNK) {
          const slice = chunk.byteLength <= CHUNK ? chunk : chunk.subarray(offset, offset + CHUNK);
          if (limit !== undefined && loaded + slice.byteLength > limit) {
            const error = options.onOverflow?.(limit) ?? new RangeError(`more than ${limit} bytes`);
            controller.error(error);
            return;
          }
          loaded += slice.byteLength;
          options.checksum?.update(slice);
          controller.enqueue(slice);
          options.onBytes?.(loaded);
        }
      },
      flush() {
        options.onEnd?.(loaded);
      },
    },
    // A few chunks queued on each side let reading the source overlap with sending: at most ~1 MiB.
    { highWaterMark: QUEUED_CHUNKS },
    { highWaterMark: QUEUED_CHUNKS },
  );
}
