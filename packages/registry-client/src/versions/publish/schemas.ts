// What publishing a version takes: the providers (a box image to upload, or a download url) and the
// settings of the uploads, checked before anything is sent.
import { type KeySets, type OwnOptionKeys, type RequestOptions, requestOptionKeys } from '@infra-sdk/core';
import * as v from 'valibot';
import { ChecksumTypeSchema } from '../../hashing/checksum-type.js';
import {
  DIGEST_MESSAGE,
  downloadAddress,
  givenTogether,
  matchesType,
  PAIR_MESSAGE,
} from '../../providers/request-schemas.js';
import { nonEmptyString, wholeNumber } from '../../request-fields.js';
import { UploadSettingsSchema } from '../../uploads/upload-options.js';
import { isUploadSource, type UploadSource } from '../../uploads/upload-source.js';
import type { PublishProgressListener } from './publish-progress.js';
import type { PublishOptions } from './types.generated.js';

/** One provider of the version: its box image to upload (`asset`), or its download `url`. */
export const PublishedProviderSchema = v.pipe(
  v.strictObject({
    /** Provider name: `virtualbox`, `libvirt`, `vmware_desktop`, ... */
    name: nonEmptyString(),
    /**
     * CPU architecture of this box image (`amd64`, `arm64`, ...): one name may then be given once per
     * architecture, each created, uploaded and read through `/api/v2`.
     */
    architecture: v.optional(nonEmptyString()),
    /** Make this architecture the version's default for the provider name (with `architecture`). */
    default_architecture: v.optional(v.boolean('must be true or false')),
    /** The box image to upload: a Blob (a File, `openBoxFile(path)`), bytes, a ReadableStream or a function that opens one. */
    asset: v.optional(
      v.custom<UploadSource>(
        isUploadSource,
        'must be a Blob, a Uint8Array, an ArrayBuffer, a ReadableStream or a function that opens one',
      ),
    ),
    /** Bytes in a stream or function `asset` (Content-Length, the progress total). */
    size: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.safeInteger('must be a whole number'),
        v.minValue(0, 'must be 0 or more'),
      ),
    ),
    /** A download address instead of an uploaded image. */
    url: v.optional(downloadAddress()),
    /**
     * With `asset`: the checksum the image must have, compared with the one computed while it is uploaded.
     * With `url`: set on the provider, for downloaders to compare.
     */
    checksum: v.optional(v.string('must be a string')),
    /** Algorithm of `checksum`; with `asset`, the one computed while uploading. Default `sha256` for an asset. */
    checksum_type: v.optional(ChecksumTypeSchema),
  }),
  v.check(
    (provider) => (provider.asset === undefined) !== (provider.url === undefined),
    'give either asset (a box image to upload) or url, not both',
  ),
  v.forward(
    v.partialCheck(
      [['asset'], ['size']],
      (input) => input.size === undefined || input.asset !== undefined,
      'size goes with asset',
    ),
    ['size'],
  ),
  // An image's checksum_type alone names the checksum to compute; a url's goes with its checksum.
  v.forward(
    v.partialCheck(
      [['asset'], ['checksum'], ['checksum_type']],
      (input) =>
        input.asset === undefined
          ? givenTogether(input)
          : input.checksum === undefined || input.checksum_type !== undefined,
      `${PAIR_MESSAGE} (an asset's checksum_type alone names the checksum to compute)`,
    ),
    ['checksum'],
  ),
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

/** How a provider of a release is named in progress and errors: `virtualbox`, or `virtualbox/arm64`. */
export function providerLabel(provider: {
  readonly name: string;
  readonly architecture?: string | undefined;
}): string {
  return provider.architecture === undefined ? provider.name : `${provider.name}/${provider.architecture}`;
}

/** The version to publish: its providers, and its description should publishing create it. */
export const PublishVersionRequestSchema = v.strictObject({
  /** Markdown description of the version, used when publishing creates it. */
  description: v.optional(v.string('must be a string')),
  /** Every provider of the release, each stored (or pointed at its url) and verified before the release. */
  providers: v.pipe(
    v.array(PublishedProviderSchema, 'must be a list of providers'),
    v.minLength(1, 'name at least one provider'),
    v.check(
      (providers) => new Set(providers.map(providerLabel)).size === providers.length,
      'each provider may be named once (once per architecture)',
    ),
    v.check(
      (providers) =>
        providers.every(
          (provider) =>
            provider.architecture !== undefined ||
            providers.filter((other) => other.name === provider.name).length === 1,
        ),
      'a provider named more than once needs an architecture each time',
    ),
  ),
});

const {
  checksum: _checksum,
  size: _size,
  onProgress: _progress,
  onRetry: _retry,
  ...uploadEntries
} = UploadSettingsSchema.entries;

/** Publishing settings: the upload settings every box image shares, how many go at once, and the progress view. */
export const PublishSettingsSchema = v.object({
  ...uploadEntries,
  /** Box images uploaded at the same time (1 to 16). Default 2. */
  concurrency: v.optional(wholeNumber(1, 16)),
  /** One view of the whole release: bytes of every upload and each provider's state, at every change. */
  onProgress: v.optional(
    v.custom<PublishProgressListener>((value) => typeof value === 'function', 'must be a function'),
  ),
});

/** The keys of `PublishOptions`. */
export const publishOptionKeys: KeySets = [
  requestOptionKeys,
  {
    direct: 1,
    directMaxBytes: 1,
    idleTimeout: 1,
    attempts: 1,
    backoff: 1,
    contentType: 1,
    streamBody: 1,
    concurrency: 1,
    onProgress: 1,
  } as const satisfies OwnOptionKeys<PublishOptions, RequestOptions>,
];
