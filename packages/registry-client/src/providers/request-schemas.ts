// Request bodies of the provider endpoints: strict, checked before anything is sent.
import * as v from 'valibot';
import { CHECKSUM_HEX_LENGTH } from '../hashing/checksum-algorithms.js';
import { ChecksumTypeSchema } from '../hashing/checksum-type.js';
import { atLeastOneField, nonEmptyString } from '../request-fields.js';

/** `url` must be an absolute http(s) address. */
/* @__NO_SIDE_EFFECTS__ */
export function downloadAddress() {
  return v.pipe(
    v.string('must be a string'),
    v.url('must be an absolute URL'),
    v.regex(/^https?:/i, 'must use http or https'),
  );
}

/** The checksum fields of a request. */
export interface ChecksumFields {
  readonly checksum?: string | undefined;
  readonly checksum_type?: string | undefined;
}

export const PAIR_MESSAGE = 'checksum and checksum_type must be given together';
export const DIGEST_MESSAGE =
  'must be the hex digest of checksum_type (md5: 32 digits, sha1: 40, sha256: 64, sha384: 96, sha512: 128)';

/** Both or neither of `checksum` and `checksum_type`. */
export function givenTogether(input: ChecksumFields): boolean {
  return (input.checksum === undefined) === (input.checksum_type === undefined);
}

/** The checksum is hex of the length its type produces. */
export function matchesType(input: ChecksumFields): boolean {
  const type = input.checksum_type as keyof typeof CHECKSUM_HEX_LENGTH | undefined;
  if (input.checksum === undefined || type === undefined) return true;
  return new RegExp(`^[0-9a-fA-F]{${CHECKSUM_HEX_LENGTH[type]}}$`).test(input.checksum);
}

/** Body of the create-provider request (sent as `{ provider: {...} }`). */
export const CreateProviderRequestSchema = v.pipe(
  v.strictObject({
    name: nonEmptyString(),
    /** Download address; without it the asset must be uploaded before the version can be released. */
    url: v.optional(downloadAddress()),
    /** Checksum of the asset; downloaders compare it with what they receive. */
    checksum: v.optional(v.string('must be a string')),
    checksum_type: v.optional(ChecksumTypeSchema),
    /** CPU architecture of the box image (`amd64`, `arm64`, ...); when given, the provider is created through `/api/v2`. */
    architecture: v.optional(nonEmptyString()),
    /** Make this architecture the one the version offers by default for this provider name (`/api/v2`). */
    default_architecture: v.optional(v.boolean('must be true or false')),
  }),
  v.forward(v.partialCheck([['checksum'], ['checksum_type']], givenTogether, PAIR_MESSAGE), ['checksum']),
  v.forward(v.partialCheck([['checksum'], ['checksum_type']], matchesType, DIGEST_MESSAGE), ['checksum']),
  v.forward(
    v.partialCheck(
      [['architecture'], ['default_architecture']],
      (input) => input.default_architecture === undefined || input.architecture !== undefined,
      'default_architecture goes with architecture',
    ),
    ['default_architecture'],
  ),
);

/** Body of the update-provider request: the creation fields, each optional (sent as `{ provider: {...} }`). */
export const UpdateProviderRequestSchema = v.pipe(
  v.strictObject({
    name: v.optional(nonEmptyString()),
    url: v.optional(downloadAddress()),
    checksum: v.optional(v.string('must be a string')),
    checksum_type: v.optional(ChecksumTypeSchema),
    /** A new CPU architecture for the box image (`/api/v2`: name the provider as `{ name, architecture }`). */
    architecture: v.optional(nonEmptyString()),
    /** Make this architecture the version's default for this provider name (`/api/v2`). */
    default_architecture: v.optional(v.boolean('must be true or false')),
  }),
  atLeastOneField(),
  v.forward(v.partialCheck([['checksum'], ['checksum_type']], givenTogether, PAIR_MESSAGE), ['checksum']),
  v.forward(v.partialCheck([['checksum'], ['checksum_type']], matchesType, DIGEST_MESSAGE), ['checksum']),
);
