import type { Checksum } from './block-digest.js';
import type { ChecksumType } from './checksum-type.js';
import { createMd5 } from './md5.js';
import { createSha1 } from './sha1.js';
import { createSha256 } from './sha256.js';
import { createSha384, createSha512 } from './sha512.js';

const FACTORIES: Readonly<Record<ChecksumType, () => Checksum>> = {
  md5: createMd5,
  sha1: createSha1,
  sha256: createSha256,
  sha384: createSha384,
  sha512: createSha512,
};

/** Starts an incremental checksum of the given type; it runs everywhere, browsers included. */
export function createChecksum(type: ChecksumType): Checksum {
  return FACTORIES[type]();
}
