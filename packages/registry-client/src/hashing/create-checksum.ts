import type { Checksum } from './checksum.js';
import { createNativeChecksum } from './native.js';
import { createPortableChecksum } from './portable.js';
import type { ChecksumType } from './types.generated.js';

/** Starts an incremental checksum of the given type: native where the runtime has it, JavaScript elsewhere. */
export function createChecksum(type: ChecksumType): Checksum {
  return createNativeChecksum(type) ?? createPortableChecksum(type);
}
