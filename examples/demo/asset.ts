// The box image the registry scenario uploads: pseudo-random bytes made chunk by chunk as the upload
// reads them, so an asset of any size costs one chunk of memory. The same seed gives the same bytes,
// so the stream can be opened again (the client does that when an upload address expires).
import { createHash } from 'node:crypto';

const CHUNK_BYTES = 256 * 1024;

/** A generated asset that can be streamed any number of times. */
export class GeneratedAsset {
  readonly size: number;
  readonly #seed: number;
  #sha256: string | undefined;

  constructor(size: number, seed = 0x2545f491) {
    this.size = size;
    this.#seed = seed >>> 0 || 1;
  }

  /**
   * SHA-256 of the bytes, computed here independently of the client while they were generated; known
   * once a stream was read to its end.
   */
  get sha256(): string | undefined {
    return this.#sha256;
  }

  /** A fresh stream of all the bytes. */
  open = (): ReadableStream<Uint8Array> => {
    let state = this.#seed;
    let produced = 0;
    const hash = createHash('sha256');
    return new ReadableStream<Uint8Array>(
      {
        pull: (controller) => {
          const length = Math.min(CHUNK_BYTES, this.size - produced);
          if (length <= 0) {
            this.#sha256 = hash.digest('hex');
            controller.close();
            return;
          }
          const words = new Uint32Array(Math.ceil(length / 4));
          for (let i = 0; i < words.length; i += 1) {
            // xorshift32: fast, and plenty for bytes nobody should be able to compress.
            state ^= state << 13;
            state ^= state >>> 17;
            state ^= state << 5;
            words[i] = state >>> 0;
          }
          const chunk = new Uint8Array(words.buffer, 0, length);
          hash.update(chunk);
          produced += length;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
  };
}
