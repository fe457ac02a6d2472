// The part every Merkle–Damgård hash shares: cutting input into blocks as it arrives, whatever the
// chunking, and the final padding with the message length.

/** An incremental checksum: feed chunks in order, then read the digest once. */
export interface Checksum {
  /** Adds the next chunk of input. */
  update(chunk: Uint8Array): void;
  /** The digest of everything added, as lower-case hex. Call it once, after the last `update`. */
  digest(): string;
}

/** What one algorithm contributes. */
export interface BlockAlgorithm {
  /** 64 bytes (MD5, SHA-1, SHA-256) or 128 bytes (SHA-384, SHA-512). */
  readonly blockSize: 64 | 128;
  /** MD5 writes the message length little-endian; the SHA family big-endian. */
  readonly littleEndian: boolean;
  /** Mixes one whole block into the state. */
  compress(block: Uint8Array): void;
  /** The digest from the final state. */
  finish(): string;
}

const TWO_POW_29 = 2 ** 29;

/** Builds an incremental checksum around one algorithm's block function. */
export function createBlockDigest(algorithm: BlockAlgorithm): Checksum {
  const { blockSize } = algorithm;
  const buffer = new Uint8Array(blockSize);
  let filled = 0;
  let total = 0;
  let finished = false;

  const update = (chunk: Uint8Array): void => {
    if (finished) throw new Error('the checksum was already read');
    total += chunk.byteLength;
    let offset = 0;
    if (filled > 0) {
      const take = Math.min(blockSize - filled, chunk.byteLength);
      buffer.set(chunk.subarray(0, take), filled);
      filled += take;
      offset = take;
      if (filled < blockSize) return;
      algorithm.compress(buffer);
      filled = 0;
    }
    // Whole blocks straight from the chunk: no copy.
    for (; offset + blockSize <= chunk.byteLength; offset += blockSize) {
      algorithm.compress(chunk.subarray(offset, offset + blockSize));
    }
    if (offset < chunk.byteLength) {
      buffer.set(chunk.subarray(offset), 0);
      filled = chunk.byteLength - offset;
    }
  };

  const digest = (): string => {
    if (finished) throw new Error('the checksum was already read');
    // The length field is 8 bytes (16 for 128-byte blocks); lengths below 2^53 bytes fit in its low 8.
    const lengthBytes = blockSize === 64 ? 8 : 16;
    const bitsLow = (total % TWO_POW_29) * 8;
    const bitsHigh = Math.floor(total / TWO_POW_29);
    const padding = new Uint8Array(
      ((blockSize - ((total + 1 + lengthBytes) % blockSize)) % blockSize) + 1 + lengthBytes,
    );
    padding[0] = 0x80;
    const view = new DataView(padding.buffer);
    const end = padding.byteLength;
    if (algorithm.littleEndian) {
      view.setUint32(end - 8, bitsLow, true);
      view.setUint32(end - 4, bitsHigh, true);
    } else {
      view.setUint32(end - 8, bitsHigh);
      view.setUint32(end - 4, bitsLow);
    }
    update(padding);
    finished = true;
    return algorithm.finish();
  };

  return { update, digest };
}
