// The checksum types the registry knows and the length of their digests.
import type { ChecksumType } from './types.generated.js';

/** The checksum types the registry knows, in the spec's order. */
export const CHECKSUM_TYPES = ['md5', 'sha1', 'sha256', 'sha384', 'sha512'] as const;

/** Hex digits in a digest of each type. */
export const CHECKSUM_HEX_LENGTH: Readonly<Record<ChecksumType, number>> = {
  md5: 32,
  sha1: 40,
  sha256: 64,
  sha384: 96,
  sha512: 128,
};
