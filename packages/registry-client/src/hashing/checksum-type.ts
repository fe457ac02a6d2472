import * as v from 'valibot';
import { CHECKSUM_TYPES } from './checksum-algorithms.js';

/** A checksum type the registry accepts for a provider (`provider.checksum_type`). */
export const ChecksumTypeSchema = v.picklist(
  CHECKSUM_TYPES,
  'must be one of md5, sha1, sha256, sha384, sha512',
);
