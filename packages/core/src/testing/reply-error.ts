import type { HeaderRecord } from './types.js';

/** Thrown from a handler to answer with this status and `{"errors":[message]}` instead of a 500. */
export class ReplyError extends Error {
  /** Always `ReplyError`. */
  override readonly name = 'ReplyError';
  /** HTTP status to answer with. */
  readonly status: number;
  /** Headers to add to the error reply. */
  readonly headers: HeaderRecord;

  /** The reply will carry `status`, the body `{"errors":[message]}` and `headers`. */
  constructor(status: number, message: string, headers: HeaderRecord = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
