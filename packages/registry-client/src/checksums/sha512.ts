// SHA-512 and SHA-384 (FIPS 180-4). JavaScript has no 64-bit integer type short of BigInt, which is far
// too slow here, so every 64-bit word is a pair of 32-bit halves: high at even, low at odd indexes.
import { type Checksum, createBlockDigest } from './block-digest.js';
import { INITIAL_384, INITIAL_512, ROUND_CONSTANTS_512 } from './sha2-constants.js';
import { at, readBigEndian, toHex, words } from './words.js';

const TWO_POW_32 = 2 ** 32;

/** High half of a 64-bit rotation right by `n` (0 < n < 64, n ≠ 32). */
function rotrHigh(high: number, low: number, n: number): number {
  return n < 32 ? (high >>> n) | (low << (32 - n)) : (low >>> (n - 32)) | (high << (64 - n));
}

/** Low half of a 64-bit rotation right by `n` (0 < n < 64, n ≠ 32). */
function rotrLow(high: number, low: number, n: number): number {
  return n < 32 ? (low >>> n) | (high << (32 - n)) : (high >>> (n - 32)) | (low << (64 - n));
}

let roundConstants: Int32Array | undefined;

function createSha512Family(initial: string, outputWords: number): Checksum {
  roundConstants ??= words(ROUND_CONSTANTS_512);
  const k = roundConstants;
  const state = words(initial);
  const w = new Int32Array(160);
  return createBlockDigest({
    blockSize: 128,
    littleEndian: false,
    compress(block) {
      for (let i = 0; i < 32; i++) w[i] = readBigEndian(block, i * 4);
      for (let i = 32; i < 160; i += 2) {
        const xh = at(w, i - 30);
        const xl = at(w, i - 29);
        const s0h = rotrHigh(xh, xl, 1) ^ rotrHigh(xh, xl, 8) ^ (xh >>> 7);
        const s0l = rotrLow(xh, xl, 1) ^ rotrLow(xh, xl, 8) ^ ((xl >>> 7) | (xh << 25));
        const yh = at(w, i - 4);
        const yl = at(w, i - 3);
        const s1h = rotrHigh(yh, yl, 19) ^ rotrHigh(yh, yl, 61) ^ (yh >>> 6);
        const s1l = rotrLow(yh, yl, 19) ^ rotrLow(yh, yl, 61) ^ ((yl >>> 6) | (yh << 26));
        const low = (s1l >>> 0) + (at(w, i - 13) >>> 0) + (s0l >>> 0) + (at(w, i - 31) >>> 0);
        w[i] = (s1h + at(w, i - 14) + s0h + at(w, i - 32) + Math.floor(low / TWO_POW_32)) | 0;
        w[i + 1] = low | 0;
      }
      let ah = at(state, 0);
      let al = at(state, 1);
      let bh = at(state, 2);
      let bl = at(state, 3);
      let ch = at(state, 4);
      let cl = at(state, 5);
      let dh = at(state, 6);
      let dl = at(state, 7);
      let eh = at(state, 8);
      let el = at(state, 9);
      let fh = at(state, 10);
      let fl = at(state, 11);
      let gh = at(state, 12);
      let gl = at(state, 13);
      let hh = at(state, 14);
      let hl = at(state, 15);
      for (let i = 0; i < 160; i += 2) {
        const sum1h = rotrHigh(eh, el, 14) ^ rotrHigh(eh, el, 18) ^ rotrHigh(eh, el, 41);
        const sum1l = rotrLow(eh, el, 14) ^ rotrLow(eh, el, 18) ^ rotrLow(eh, el, 41);
        const choiceh = (eh & fh) ^ (~eh & gh);
        const choicel = (el & fl) ^ (~el & gl);
        const t1low =
          (hl >>> 0) + (sum1l >>> 0) + (choicel >>> 0) + (at(k, i + 1) >>> 0) + (at(w, i + 1) >>> 0);
        const t1h = (hh + sum1h + choiceh + at(k, i) + at(w, i) + Math.floor(t1low / TWO_POW_32)) | 0;
        const t1l = t1low | 0;
        const sum0h = rotrHigh(ah, al, 28) ^ rotrHigh(ah, al, 34) ^ rotrHigh(ah, al, 39);
        const sum0l = rotrLow(ah, al, 28) ^ rotrLow(ah, al, 34) ^ rotrLow(ah, al, 39);
        const majorityh = (ah & bh) ^ (ah & ch) ^ (bh & ch);
        const majorityl = (al & bl) ^ (al & cl) ^ (bl & cl);
        const t2low = (sum0l >>> 0) + (majorityl >>> 0);
        const t2h = (sum0h + majorityh + Math.floor(t2low / TWO_POW_32)) | 0;
        const t2l = t2low | 0;
        hh = gh;
        hl = gl;
        gh = fh;
        gl = fl;
        fh = eh;
        fl = el;
        const elow = (dl >>> 0) + (t1l >>> 0);
        eh = (dh + t1h + Math.floor(elow / TWO_POW_32)) | 0;
        el = elow | 0;
        dh = ch;
        dl = cl;
        ch = bh;
        cl = bl;
        bh = ah;
        bl = al;
        const alow = (t1l >>> 0) + (t2l >>> 0);
        ah = (t1h + t2h + Math.floor(alow / TWO_POW_32)) | 0;
        al = alow | 0;
      }
      const add = (index: number, high: number, low: number) => {
        const sum = (at(state, index + 1) >>> 0) + (low >>> 0);
        state[index] = (at(state, index) + high + Math.floor(sum / TWO_POW_32)) | 0;
        state[index + 1] = sum | 0;
      };
      add(0, ah, al);
      add(2, bh, bl);
      add(4, ch, cl);
      add(6, dh, dl);
      add(8, eh, el);
      add(10, fh, fl);
      add(12, gh, gl);
      add(14, hh, hl);
    },
    finish: () => toHex(state, outputWords, false),
  });
}

/** Starts an incremental SHA-512 checksum. */
export function createSha512(): Checksum {
  return createSha512Family(INITIAL_512, 16);
}

/** Starts an incremental SHA-384 checksum: SHA-512 with other initial values, cut to 384 bits. */
export function createSha384(): Checksum {
  return createSha512Family(INITIAL_384, 12);
}
