// The hashes in plain JavaScript, from an audited library: they run in every runtime, browsers included.
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { type Checksum, onceReadable } from './checksum.js';
import type { ChecksumType } from './types.generated.js';

const HASHES = { md5, sha1, sha256, sha384, sha512 } as const;

/** An incremental checksum computed in JavaScript. */
export function createPortableChecksum(type: ChecksumType): Checksum {
  const hash = HASHES[type].create();
  return onceReadable(
    (chunk) => hash.update(chunk),
    () => bytesToHex(hash.digest()),
  );
}
