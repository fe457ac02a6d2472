// Counting and checksumming as bytes pass, one chunk at a time: memory stays constant whatever the size.
import type { Checksum } from '../checksums/block-digest.js';

/** What to do with the bytes passing through a meter. */
export interface MeterOptions {
  /** Fed with every chunk. */
  readonly checksum?: Checksum | undefined;
  /** Called after each chunk with the bytes so far. */
  readonly onBytes?: (loaded: number) => void;
  /** Called after the last chunk with the total and the digest; throwing fails the stream instead of ending it. */
  readonly onEnd?: (loaded: number, digest: string | undefined) => void;
}

/** A pass-through stream that counts and checksums the bytes flowing through it. */
export function createMeter(options: MeterOptions): TransformStream<Uint8Array, Uint8Array> {
  let loaded = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      options.checksum?.update(chunk);
      controller.enqueue(chunk);
      options.onBytes?.(loaded);
    },
    flush() {
      options.onEnd?.(loaded, options.checksum?.digest());
    },
  });
}
