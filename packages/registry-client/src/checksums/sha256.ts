// SHA-256 (FIPS 180-4).
import { type Checksum, createBlockDigest } from './block-digest.js';
import { INITIAL_512, ROUND_CONSTANTS_512 } from './sha2-constants.js';
import { at, readBigEndian, rotr, toHex, words } from './words.js';

/** High words of a table of 64-bit values stored high, low, high, low, ... */
function highWords(text: string, count: number): Int32Array {
  const all = words(text);
  return Int32Array.from({ length: count }, (_, i) => at(all, i * 2));
}

let roundConstants: Int32Array | undefined;

/** Starts an incremental SHA-256 checksum. */
export function createSha256(): Checksum {
  roundConstants ??= highWords(ROUND_CONSTANTS_512, 64);
  const k = roundConstants;
  const state = highWords(INITIAL_512, 8);
  const w = new Int32Array(64);
  return createBlockDigest({
    blockSize: 64,
    littleEndian: false,
    compress(block) {
      for (let i = 0; i < 16; i++) w[i] = readBigEndian(block, i * 4);
      for (let i = 16; i < 64; i++) {
        const x = at(w, i - 15);
        const y = at(w, i - 2);
        const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
        const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
        w[i] = (at(w, i - 16) + s0 + at(w, i - 7) + s1) | 0;
      }
      let a = at(state, 0);
      let b = at(state, 1);
      let c = at(state, 2);
      let d = at(state, 3);
      let e = at(state, 4);
      let f = at(state, 5);
      let g = at(state, 6);
      let h = at(state, 7);
      for (let i = 0; i < 64; i++) {
        const sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        const choice = (e & f) ^ (~e & g);
        const t1 = (h + sum1 + choice + at(k, i) + at(w, i)) | 0;
        const sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        const majority = (a & b) ^ (a & c) ^ (b & c);
        const t2 = (sum0 + majority) | 0;
        h = g;
        g = f;
        f = e;
        e = (d + t1) | 0;
        d = c;
        c = b;
        b = a;
        a = (t1 + t2) | 0;
      }
      state[0] = (at(state, 0) + a) | 0;
      state[1] = (at(state, 1) + b) | 0;
      state[2] = (at(state, 2) + c) | 0;
      state[3] = (at(state, 3) + d) | 0;
      state[4] = (at(state, 4) + e) | 0;
      state[5] = (at(state, 5) + f) | 0;
      state[6] = (at(state, 6) + g) | 0;
      state[7] = (at(state, 7) + h) | 0;
    },
    finish: () => toHex(state, 8, false),
  });
}
