// A batch of a download goes to its file in one `writev`; when the system writes less than asked (a
// full disk, a signal), the rest is written piece by piece, in order, with nothing lost or repeated.
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAll } from '../src/node/download-box-file.js';
import { sampleBytes, useTempFolder } from './support.js';

const tempFolder = useTempFolder('registry-write-all-');

describe('writeAll', () => {
  it('finishes a short writev piece by piece, every byte once and in order', async () => {
    const bytes = sampleBytes(10_000, 3);
    const chunks = [bytes.subarray(0, 4_000), bytes.subarray(4_000, 4_001), bytes.subarray(4_001)];
    for (const firstWrite of [0, 7, 4_000, 4_001, 9_999]) {
      const path = join(tempFolder(), `short-${firstWrite}.bin`);
      const file = await open(path, 'w');
      const calls: number[] = [];
      // A real file whose system writes take at most `firstWrite` bytes at first, then 1 000 at a time.
      const stingy = {
        writev: async (pieces: readonly Uint8Array[]) => {
          let left = firstWrite;
          for (const piece of pieces) {
            const take = Math.min(left, piece.byteLength);
            if (take > 0) await file.write(piece, 0, take);
            left -= take;
          }
          calls.push(firstWrite);
          return { bytesWritten: firstWrite, buffers: pieces };
        },
        write: async (piece: Uint8Array, offset: number, length: number) => {
          calls.push(Math.min(length, 1_000));
          return file.write(piece, offset, Math.min(length, 1_000));
        },
      };
      try {
        await writeAll(stingy as never, chunks, bytes.byteLength);
      } finally {
        await file.close();
      }
      expect(new Uint8Array(await readFile(path))).toEqual(bytes);
      expect(calls.reduce((sum, n) => sum + n, 0)).toBe(bytes.byteLength);
    }
  });

  it('writes a whole batch with one writev when the system takes it all', async () => {
    const bytes = sampleBytes(300_000, 5);
    const path = join(tempFolder(), 'whole.bin');
    const file = await open(path, 'w');
    try {
      await writeAll(file, [bytes.subarray(0, 100_000), bytes.subarray(100_000)], bytes.byteLength);
    } finally {
      await file.close();
    }
    expect(new Uint8Array(await readFile(path))).toEqual(bytes);
  });
});
