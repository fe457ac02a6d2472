import {
  type KeySets,
  type OptionKeys,
  type OwnOptionKeys,
  type RequestOptions,
  requestOptionKeys,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { CHECKSUM_HEX_LENGTH } from '../hashing/checksum-algorithms.js';
import { ChecksumTypeSchema } from '../hashing/checksum-type.js';
import type { ProgressListener } from '../transfers/progress.js';
import type { DownloadOptions } from './types.generated.js';

/** Download settings, checked before anything is sent. */
export const DownloadSettingsSchema = v.object({
  /** Verify the provider's checksum while streaming. Default true (when the provider has one). */
  verify: v.optional(v.boolean('must be true or false')),
  /** The checksum to expect instead of the provider's: `{ type, value }`, the value in hex. */
  checksum: v.optional(
    v.pipe(
      v.strictObject({ type: ChecksumTypeSchema, value: v.string('must be a string') }),
      v.check(
        (given) => new RegExp(`^[0-9a-fA-F]{${CHECKSUM_HEX_LENGTH[given.type]}}$`).test(given.value),
        'value must be the hex digest of type',
      ),
    ),
  ),
  /** Milliseconds to wait for the next chunk, while the consumer waits, before a TimeoutError. Default 60 000. */
  idleTimeout: v.optional(v.pipe(v.number('must be a number'), v.minValue(1, 'must be at least 1 ms'))),
  /** Progress of the download, per chunk. */
  onProgress: v.optional(
    v.custom<ProgressListener>((value) => typeof value === 'function', 'must be a function'),
  ),
});

/** The keys of `DownloadOptions`. */
export const downloadOptionKeys: KeySets = [
  requestOptionKeys,
  { verify: 1, checksum: 1, idleTimeout: 1, onProgress: 1 } as const satisfies OwnOptionKeys<
    DownloadOptions,
    RequestOptions
  >,
];

/** The keys of a download's `checksum`. */
export const downloadChecksumKeys = { type: 1, value: 1 } as const satisfies OptionKeys<
  NonNullable<DownloadOptions['checksum']>
>;
