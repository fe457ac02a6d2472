/** An incremental checksum: feed chunks in order, then read the digest once. */
export interface Checksum {
  /** Adds the next chunk of input. */
  update(chunk: Uint8Array): void;
  /** The digest of everything added, as lower-case hex. Call it once, after the last `update`. */
  digest(): string;
}

/** Wraps an incremental hash so that it refuses use after its digest was read. */
export function onceReadable(update: (chunk: Uint8Array) => void, digest: () => string): Checksum {
  let finished = false;
  const refuseAfterDigest = () => {
    if (finished) throw new Error('the checksum was already read');
  };
  return {
    update(chunk) {
      refuseAfterDigest();
      update(chunk);
    },
    digest() {
      refuseAfterDigest();
      finished = true;
      return digest();
    },
  };
}
