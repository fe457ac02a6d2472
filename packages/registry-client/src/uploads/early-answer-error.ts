import { InfraSdkError } from '@infra-sdk/core';

/** What the client knew when storage answered a PUT. */
export interface EarlyAnswer {
  /** Storage's status. */
  readonly status: number;
  /** Bytes handed to the connection before the answer came. */
  readonly sent: number;
  /** Bytes in the source, when known. */
  readonly size: number | undefined;
  /** The upload address, redacted. */
  readonly url: string;
}

/**
 * Storage answered before the whole box was sent. An answer that comes early says nothing about the
 * bytes it did not wait for, so it is never taken as the box stored (the upload tries again at a fresh
 * address when the source can be read again).
 */
export class EarlyStorageAnswerError extends InfraSdkError {
  static override readonly kind: string = 'EarlyStorageAnswerError';
  /** Storage's status (a 2xx: an error status is an ApiError of its own). */
  readonly status: number;
  /** Bytes handed to the connection before the answer came. */
  readonly sent: number;
  /** Bytes in the source, when known; without it, the source had not reached its end. */
  readonly size: number | undefined;
  /** Always `PUT`. */
  readonly method: string;
  /** The upload address, redacted. */
  readonly url: string;

  /** Built by the upload when storage answered before the body was all out. */
  constructor(answer: EarlyAnswer) {
    const sent =
      answer.size === undefined
        ? `${answer.sent} bytes, before the source reached its end`
        : `${answer.sent} of ${answer.size} bytes`;
    super(
      `Storage answered PUT ${answer.url} with ${answer.status} after only ${sent} had been sent: ` +
        'an answer that does not wait for the whole body is no proof that the box was stored, so it was not taken as one',
    );
    this.status = answer.status;
    this.sent = answer.sent;
    this.size = answer.size;
    this.method = 'PUT';
    this.url = answer.url;
  }
}
