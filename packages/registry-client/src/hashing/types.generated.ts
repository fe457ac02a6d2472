// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** A checksum type the registry accepts for a provider (`provider.checksum_type`). */
export type ChecksumType = 'md5' | 'sha1' | 'sha256' | 'sha384' | 'sha512';
