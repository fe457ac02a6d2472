import type { ApiError, ConnectionError } from '@infra-sdk/core';
import type { EarlyStorageAnswerError } from './early-answer-error.js';
import type { UploadAddressError } from './upload-errors.js';

/** What an upload tells before it starts over at a fresh address after a storage failure. */
export interface UploadRetry {
  /** The attempt about to start: 2 for the first retry, as its progress events will carry it. */
  readonly attempt: number;
  /**
   * Why the last attempt failed: storage refused the address (`UploadAddressError`: expired, 403, 404
   * or 410), answered 408, 429 or 5xx (`ApiError`), dropped the connection (`ConnectionError`), or
   * answered before the whole box was sent (`EarlyStorageAnswerError`).
   */
  readonly error: UploadAddressError | ApiError | ConnectionError | EarlyStorageAnswerError;
  /** The pause before the attempt, in ms: the back-off, or storage's `Retry-After` when longer; 0 after an expired address. */
  readonly delayMs: number;
}

/** Receives an upload's retries. */
export type UploadRetryListener = (retry: UploadRetry) => void;
