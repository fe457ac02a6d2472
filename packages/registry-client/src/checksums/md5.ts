// MD5 (RFC 1321). Weak against collisions, but the registry still accepts it for box checksums.
import { type Checksum, createBlockDigest } from './block-digest.js';
import { at, rotl, toHex, words } from './words.js';

// floor(abs(sin(i + 1)) * 2^32) for i = 0..63.
const K = words(`
  d76aa478 e8c7b756 242070db c1bdceee f57c0faf 4787c62a a8304613 fd469501
  698098d8 8b44f7af ffff5bb1 895cd7be 6b901122 fd987193 a679438e 49b40821
  f61e2562 c040b340 265e5a51 e9b6c7aa d62f105d 02441453 d8a1e681 e7d3fbc8
  21e1cde6 c33707d6 f4d50d87 455a14ed a9e3e905 fcefa3f8 676f02d9 8d2a4c8a
  fffa3942 8771f681 6d9d6122 fde5380c a4beea44 4bdecfa9 f6bb4b60 bebfbc70
  289b7ec6 eaa127fa d4ef3085 04881d05 d9d4d039 e6db99e5 1fa27cf8 c4ac5665
  f4292244 432aff97 ab9423a7 fc93a039 655b59c3 8f0ccc92 ffeff47d 85845dd1
  6fa87e4f fe2ce6e0 a3014314 4e0811a1 f7537e82 bd3af235 2ad7d2bb eb86d391`);

// Rotation amounts: four per round, repeated within the round.
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** Starts an incremental MD5 checksum. */
export function createMd5(): Checksum {
  const state = words('67452301 efcdab89 98badcfe 10325476');
  const x = new Int32Array(16);
  return createBlockDigest({
    blockSize: 64,
    littleEndian: true,
    compress(block) {
      for (let i = 0; i < 16; i++) {
        const o = i * 4;
        x[i] =
          (block[o] as number) |
          ((block[o + 1] as number) << 8) |
          ((block[o + 2] as number) << 16) |
          ((block[o + 3] as number) << 24);
      }
      let a = at(state, 0);
      let b = at(state, 1);
      let c = at(state, 2);
      let d = at(state, 3);
      for (let i = 0; i < 64; i++) {
        let f: number;
        let g: number;
        if (i < 16) {
          f = (b & c) | (~b & d);
          g = i;
        } else if (i < 32) {
          f = (d & b) | (~d & c);
          g = (5 * i + 1) & 15;
        } else if (i < 48) {
          f = b ^ c ^ d;
          g = (3 * i + 5) & 15;
        } else {
          f = c ^ (b | ~d);
          g = (7 * i) & 15;
        }
        const next = d;
        d = c;
        c = b;
        b = (b + rotl((a + f + at(K, i) + at(x, g)) | 0, SHIFTS[(i >> 4) * 4 + (i & 3)] as number)) | 0;
        a = next;
      }
      state[0] = (at(state, 0) + a) | 0;
      state[1] = (at(state, 1) + b) | 0;
      state[2] = (at(state, 2) + c) | 0;
      state[3] = (at(state, 3) + d) | 0;
    },
    finish: () => toHex(state, 4, true),
  });
}
