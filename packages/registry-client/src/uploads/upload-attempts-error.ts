import { InfraSdkError } from '@infra-sdk/core';

/** One failed attempt of an upload. */
export interface UploadAttemptFailure {
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** Bytes sent to storage in this attempt before it failed. */
  readonly bytes: number;
  /** What failed: storage's answer or the broken connection, or the registry call that started the attempt. */
  readonly error: Error;
}

/**
 * An upload gave up after storage failed it: every allowed attempt failed, or storage asked for a wait
 * longer than the client waits, or a later attempt met a failure another one would not cure. The box was
 * not stored. `attempts` lists every attempt; `cause` is the last one's error.
 */
export class UploadAttemptsError extends InfraSdkError {
  static override readonly kind: string = 'UploadAttemptsError';
  /** Every attempt, in order, with what failed it. */
  readonly attempts: readonly UploadAttemptFailure[];

  /** Built by the upload; `why` says why it stopped trying, as the end of a sentence. */
  constructor(attempts: readonly UploadAttemptFailure[], why: string) {
    const list = attempts
      .map((failed) => `attempt ${failed.attempt} (${failed.bytes} bytes sent): ${failed.error.message}`)
      .join('; ');
    super(
      `The box was not stored: ${attempts.length} attempt${attempts.length === 1 ? '' : 's'} failed, and ${why}. ${list}`,
      { cause: attempts.at(-1)?.error },
    );
    this.attempts = attempts;
  }
}
