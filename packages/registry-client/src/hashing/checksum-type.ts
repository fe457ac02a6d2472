import * as v from 'valibot';

/** The checksum types the registry knows, in the spec's order. */
export const CHECKSUM_TYPES = ['md5', 'sha1', 'sha256', 'sha384', 'sha512'] as const;

/** A checksum type the registry accepts for a provider (`provider.checksum_type`). */
export const ChecksumTypeSchema = v.picklist(
  CHECKSUM_TYPES,
  'must be one of md5, sha1, sha256, sha384, sha512',
);

/** `md5`, `sha1`, `sha256`, `sha384` or `sha512`. */
export type ChecksumType = v.InferOutput<typeof ChecksumTypeSchema>;

/** Hex digits in a digest of each type. */
export const CHECKSUM_HEX_LENGTH: Readonly<Record<ChecksumType, number>> = {
  md5: 32,
  sha1: 40,
  sha256: 64,
  sha384: 96,
  sha512: 128,
};
