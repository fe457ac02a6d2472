import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNativeChecksum } from '../src/hashing/native.js';
import { createPortableChecksum } from '../src/hashing/portable.js';
import {
  CHECKSUM_HEX_LENGTH,
  CHECKSUM_TYPES,
  type Checksum,
  type ChecksumType,
  createChecksum,
} from '../src/index.js';

const reference = (type: string, bytes: Uint8Array) => createHash(type).update(bytes).digest('hex');

/** Cuts `bytes` at the given points, sorted and clamped, into consecutive chunks. */
function chunk(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

const native = (type: ChecksumType): Checksum => {
  const checksum = createNativeChecksum(type);
  if (checksum === undefined) throw new Error('Node has native crypto, so this cannot be undefined');
  return checksum;
};

// The JavaScript hashes (what browsers get) and the native ones (Node, Bun, Deno) must agree with node:crypto.
const IMPLEMENTATIONS: readonly [string, (type: ChecksumType) => Checksum][] = [
  ['javascript', createPortableChecksum],
  ['native', native],
  ['createChecksum', createChecksum],
];

describe.each(IMPLEMENTATIONS)('checksums (%s)', (_name, createChecksum) => {
  for (const type of CHECKSUM_TYPES) {
    describe(type, () => {
      it('matches node:crypto for any input under any chunking', () => {
        fc.assert(
          fc.property(
            fc.uint8Array({ maxLength: 700 }),
            fc.array(fc.nat(), { maxLength: 12 }),
            (bytes, cuts) => {
              const checksum = createChecksum(type);
              for (const part of chunk(bytes, cuts)) checksum.update(part);
              const digest = checksum.digest();
              expect(digest).toBe(reference(type, bytes));
              expect(digest).toHaveLength(CHECKSUM_HEX_LENGTH[type]);
            },
          ),
          { numRuns: 150 },
        );
      });

      it('handles every length around the block and length-field boundaries', () => {
        const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 37 + 11) & 0xff);
        for (let length = 0; length <= 260; length++) {
          const input = bytes.subarray(0, length);
          const checksum = createChecksum(type);
          checksum.update(input);
          expect(checksum.digest(), `length ${length}`).toBe(reference(type, input));
        }
      });

      it('hashes a megabyte fed in odd-sized chunks', () => {
        const bytes = new Uint8Array(1024 * 1024 + 13);
        for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
        const checksum = createChecksum(type);
        for (let offset = 0; offset < bytes.length; offset += 65_537) {
          checksum.update(bytes.subarray(offset, offset + 65_537));
        }
        expect(checksum.digest()).toBe(reference(type, bytes));
      });

      it('refuses to be used after the digest was read', () => {
        const checksum = createChecksum(type);
        checksum.update(new Uint8Array([1, 2, 3]));
        checksum.digest();
        expect(() => checksum.update(new Uint8Array([4]))).toThrow(/already read/);
        expect(() => checksum.digest()).toThrow(/already read/);
      });
    });
  }
});
