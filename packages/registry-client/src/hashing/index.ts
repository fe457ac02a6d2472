export type { Checksum } from './checksum.js';
export {
  CHECKSUM_HEX_LENGTH,
  CHECKSUM_TYPES,
} from './checksum-algorithms.js';
export { createChecksum } from './create-checksum.js';
export type { ChecksumType } from './types.generated.js';
