// Round constants are written as hex text: shorter in the bundle than number literals, and easy to compare
// with the published tables.

/** Parses space-separated 32-bit hex words into a typed array. */
export function words(text: string): Int32Array {
  return Int32Array.from(text.trim().split(/\s+/), (word) => Number.parseInt(word, 16) | 0);
}

/** Reads one word of a typed array; the index is always in range, so the result is always a number. */
export function at(array: Int32Array, index: number): number {
  return array[index] as number;
}

/** Rotates a 32-bit word left. */
export function rotl(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

/** Rotates a 32-bit word right. */
export function rotr(value: number, bits: number): number {
  return (value >>> bits) | (value << (32 - bits));
}

/** Reads a big-endian 32-bit word. */
export function readBigEndian(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset] as number) << 24) |
    ((bytes[offset + 1] as number) << 16) |
    ((bytes[offset + 2] as number) << 8) |
    (bytes[offset + 3] as number)
  );
}

/** Writes words as lower-case hex, big-endian (`littleEndian` false) or little-endian within each word. */
export function toHex(state: Int32Array, count: number, littleEndian: boolean): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const word = at(state, i);
    for (let byte = 0; byte < 4; byte++) {
      const shift = littleEndian ? byte * 8 : 24 - byte * 8;
      out += ((word >>> shift) & 0xff).toString(16).padStart(2, '0');
    }
  }
  return out;
}
