export type { Checksum } from './checksum.js';
export {
  CHECKSUM_HEX_LENGTH,
  CHECKSUM_TYPES,
  type ChecksumType,
  ChecksumTypeSchema,
} from './checksum-type.js';
export { createChecksum } from './create-checksum.js';
