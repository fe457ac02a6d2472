// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { RequestOptions } from '@infra-sdk/core';
import type { ChecksumType } from '../hashing/types.generated.js';
import type { ProgressListener } from '../transfers/progress.js';

/** Download settings, checked before anything is sent. */
export interface DownloadSettings {
  /** Verify the provider's checksum while streaming. Default true (when the provider has one). */
  verify?: boolean | undefined;
  /** The checksum to expect instead of the provider's: `{ type, value }`, the value in hex. */
  checksum?:
    | {
        type: ChecksumType;
        value: string;
      }
    | undefined;
  /** Milliseconds to wait for the next chunk, while the consumer waits, before a TimeoutError. Default 60 000. */
  idleTimeout?: number | undefined;
  /** Progress of the download, per chunk. */
  onProgress?: ProgressListener | undefined;
}

/** Download settings, checked before anything is sent. */
export interface DownloadOptions extends RequestOptions, DownloadSettings {}
