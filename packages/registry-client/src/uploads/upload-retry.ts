/** What an upload tells before it starts over at a fresh address after a storage failure. */
export interface UploadRetry {
  /** The attempt about to start: 2 for the first retry, as its progress events will carry it. */
  readonly attempt: number;
  /** Why the last attempt failed. */
  readonly error: Error;
  /** The pause before the attempt, in ms: the back-off, or storage's `Retry-After` when longer; 0 after an expired address. */
  readonly delayMs: number;
}

/** Receives an upload's retries. */
export type UploadRetryListener = (retry: UploadRetry) => void;
