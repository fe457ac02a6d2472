// SHA-1 (FIPS 180-4). Broken for collisions, still a checksum type the registry accepts.
import { type Checksum, createBlockDigest } from './block-digest.js';
import { at, readBigEndian, rotl, toHex, words } from './words.js';

/** Starts an incremental SHA-1 checksum. */
export function createSha1(): Checksum {
  const state = words('67452301 efcdab89 98badcfe 10325476 c3d2e1f0');
  const w = new Int32Array(80);
  return createBlockDigest({
    blockSize: 64,
    littleEndian: false,
    compress(block) {
      for (let i = 0; i < 16; i++) w[i] = readBigEndian(block, i * 4);
      for (let i = 16; i < 80; i++) {
        w[i] = rotl(at(w, i - 3) ^ at(w, i - 8) ^ at(w, i - 14) ^ at(w, i - 16), 1);
      }
      let a = at(state, 0);
      let b = at(state, 1);
      let c = at(state, 2);
      let d = at(state, 3);
      let e = at(state, 4);
      for (let i = 0; i < 80; i++) {
        let f: number;
        let k: number;
        if (i < 20) {
          f = (b & c) | (~b & d);
          k = 0x5a827999;
        } else if (i < 40) {
          f = b ^ c ^ d;
          k = 0x6ed9eba1;
        } else if (i < 60) {
          f = (b & c) | (b & d) | (c & d);
          k = 0x8f1bbcdc;
        } else {
          f = b ^ c ^ d;
          k = 0xca62c1d6;
        }
        const temp = (rotl(a, 5) + f + e + k + at(w, i)) | 0;
        e = d;
        d = c;
        c = rotl(b, 30);
        b = a;
        a = temp;
      }
      state[0] = (at(state, 0) + a) | 0;
      state[1] = (at(state, 1) + b) | 0;
      state[2] = (at(state, 2) + c) | 0;
      state[3] = (at(state, 3) + d) | 0;
      state[4] = (at(state, 4) + e) | 0;
    },
    finish: () => toHex(state, 5, false),
  });
}
