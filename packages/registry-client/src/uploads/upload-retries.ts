// Storage is the least reliable part of an upload. This is where its failures are counted: which are
// worth another attempt at a fresh address, how long to wait before it (core's back-off, or storage's
// Retry-After when longer), and the error that ends the upload, naming every attempt. Core's failure
// streak hears them: the third in a row is one warning line on the client's logger, and the error that
// ends the upload after more than one says how many came in a row over how long.
import {
  AbortError,
  ApiError,
  type Clock,
  ConnectionError,
  createBackoff,
  createFailureStreak,
  InfraSdkError,
  type LogFunction,
} from '@infra-sdk/core';
import { EarlyStorageAnswerError } from './early-answer-error.js';
import type { UploadSettings } from './types.generated.js';
import { type UploadAttemptFailure, UploadAttemptsError } from './upload-attempts-error.js';
import { toAddressError } from './upload-errors.js';
import type { UploadRetry } from './upload-retry.js';

/** Attempts at storage unless the options say otherwise. */
export const DEFAULT_ATTEMPTS = 3;
/** The longest `Retry-After` of storage's the upload waits for; a longer one ends it. */
export const MAX_STORAGE_RETRY_AFTER_MS = 60_000;
// Statuses with which storage refuses an address that is no longer valid: a fresh one is asked for at once.
const EXPIRED_STATUSES = new Set([403, 404, 410]);

/** How a failed storage PUT is handled: at a fresh address at once, after a pause, or not again. */
export type StorageFailureKind = 'expired' | 'transient' | 'final';

/** Expired addresses; 5xx, 408 and 429; dropped connections and early answers; everything else is final. */
export function classifyStorageFailure(error: unknown): StorageFailureKind {
  if (ApiError.isInstance(error)) {
    if (EXPIRED_STATUSES.has(error.status)) return 'expired';
    return error.status === 408 || error.status === 429 || error.status >= 500 ? 'transient' : 'final';
  }
  return ConnectionError.isInstance(error) || EarlyStorageAnswerError.isInstance(error)
    ? 'transient'
    : 'final';
}

/** The failure bookkeeping of one upload. */
export interface UploadRetries {
  /**
   * A storage PUT failed: resolves, after the pause, when another attempt may start; otherwise throws the
   * error that ends the upload.
   */
  storageFailed(error: unknown, attempt: number, bytes: number, rereadable: boolean): Promise<void>;
  /** The error that ends the upload for a failure outside the storage PUT (or one that is final). */
  end(error: unknown, attempt: number, bytes: number): Error;
}

/** Starts the bookkeeping for an upload with these settings; its pauses pass on `clock`, its warning goes to `log`. */
export function createUploadRetries(
  settings: UploadSettings,
  signal: AbortSignal | undefined,
  clock: Clock,
  log: LogFunction | undefined,
): UploadRetries {
  const streak = createFailureStreak({ clock, logger: log, what: 'an upload to storage' });
  const attempts = settings.attempts ?? DEFAULT_ATTEMPTS;
  const backoff = createBackoff({
    ...(settings.backoff?.initialMs === undefined ? {} : { initialMs: settings.backoff.initialMs }),
    ...(settings.backoff?.maxMs === undefined ? {} : { maxMs: settings.backoff.maxMs }),
  });
  const failures: UploadAttemptFailure[] = [];
  const aborted = (cause: unknown) =>
    AbortError.isInstance(cause)
      ? cause
      : new AbortError('The upload was aborted', { cause: signal?.reason });
  const end = (error: unknown, attempt: number, bytes: number): Error => {
    if (signal?.aborted || AbortError.isInstance(error)) return aborted(error);
    const failure = asError(error);
    if (failures.length === 0) return failure;
    return streak.end(
      new UploadAttemptsError(
        [...failures, { attempt, bytes, error: failure }],
        'the last failure is not one another attempt would get past',
      ),
    );
  };
  return {
    end,
    async storageFailed(error, attempt, bytes, rereadable) {
      const kind = classifyStorageFailure(error);
      if (kind === 'final') throw end(error, attempt, bytes);
      if (signal?.aborted) throw aborted(error);
      const failure =
        kind === 'expired' && ApiError.isInstance(error) ? toAddressError(error) : asError(error);
      failures.push({ attempt, bytes, error: failure });
      if (!rereadable) throw streak.end(cannotReread(failure));
      if (attempt >= attempts) {
        throw streak.end(
          new UploadAttemptsError(
            failures,
            `no attempt is left (attempts: ${attempts}); upload again later, or raise attempts`,
          ),
        );
      }
      const asked = ApiError.isInstance(failure) ? (failure.retryAfterMs ?? 0) : 0;
      if (asked > MAX_STORAGE_RETRY_AFTER_MS) {
        throw streak.end(
          new UploadAttemptsError(
            failures,
            `storage asked to wait ${Math.ceil(asked / 1000)} s before the next, longer than the ${MAX_STORAGE_RETRY_AFTER_MS / 1000} s an upload waits; upload again later`,
          ),
        );
      }
      const delayMs = kind === 'expired' ? 0 : Math.max(asked, backoff.next());
      streak.failed(failure, delayMs);
      settings.onRetry?.({ attempt: attempt + 1, error: failure as UploadRetry['error'], delayMs });
      // A fresh address is asked for at once: no timer, so nothing waits on the clock for it.
      if (delayMs > 0) await clock.sleep(delayMs, signal);
      if (signal?.aborted) throw aborted(failure);
    },
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new InfraSdkError(String(error));
}

function cannotReread(cause: Error): InfraSdkError {
  return new InfraSdkError(
    `Storage failed the upload (${cause.message}), and the source is a ReadableStream that cannot be read a ` +
      'second time, so it was not tried again. Pass a Blob, bytes, a file path (uploadBoxFile from ./node) or a ' +
      'function that opens a fresh stream, so the upload can start over at a new address.',
    { cause },
  );
}
