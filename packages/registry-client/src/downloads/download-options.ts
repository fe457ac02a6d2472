import type { RequestOptions } from '@infra-sdk/core';
import * as v from 'valibot';
import { CHECKSUM_HEX_LENGTH, type ChecksumType, ChecksumTypeSchema } from '../hashing/checksum-type.js';
import type { ProgressListener } from '../transfers/progress.js';

/** Download settings, checked before anything is sent. */
export const DownloadSettingsSchema = v.object({
  verify: v.optional(v.boolean('must be true or false')),
  checksum: v.optional(
    v.pipe(
      v.strictObject({ type: ChecksumTypeSchema, value: v.string('must be a string') }),
      v.check(
        (given) => new RegExp(`^[0-9a-fA-F]{${CHECKSUM_HEX_LENGTH[given.type]}}$`).test(given.value),
        'value must be the hex digest of type',
      ),
    ),
  ),
  idleTimeout: v.optional(v.pipe(v.number('must be a number'), v.minValue(1, 'must be at least 1 ms'))),
  onProgress: v.optional(v.function('must be a function')),
});

/** Per-call options of a download. */
export interface DownloadOptions extends RequestOptions {
  /** Verify the provider's checksum while streaming. Default true (when the provider has one). */
  readonly verify?: boolean;
  /** The checksum to expect instead of the provider's. */
  readonly checksum?: {
    /** Algorithm of the checksum. */
    readonly type: ChecksumType;
    /** Expected checksum, in hex. */
    readonly value: string;
  };
  /** Progress of the download, per chunk. */
  readonly onProgress?: ProgressListener;
  /** Milliseconds to wait for the next chunk, while the consumer waits, before a TimeoutError. Default 60 000. */
  readonly idleTimeout?: number;
}
