import type { Checksum } from '../hashing/checksum.js';
import type { ProgressListener } from '../transfers/progress.js';

/** One attempt at putting the asset to storage. */
export interface StorageAttempt {
  readonly attempt: number;
  readonly checksum: Checksum | undefined;
  readonly idleTimeout: number;
  readonly contentType: string;
  /** Send a stream (true) or a Blob (false). */
  readonly stream: boolean;
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** The caller's `timeout`: the limit of a whole Blob PUT, when given. */
  readonly timeout: number | undefined;
  readonly onProgress: ProgressListener | undefined;
  /** Bytes sent so far in this attempt, kept up to date for the error of an attempt that fails. */
  readonly tally: { bytes: number };
}
