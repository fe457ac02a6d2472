import type { HeaderRecord } from './types.js';

/** Thrown from a handler to answer with this status and message (`{"errors":[message]}` unless the server's `errorReply` says otherwise) instead of a 500. */
export class ReplyError extends Error {
  /** Always `ReplyError`. */
  override readonly name = 'ReplyError';
  /** HTTP status to answer with. */
  readonly status: number;
  /** Headers to add to the error reply. */
  readonly headers: HeaderRecord;

  /** The reply will carry `status`, `message` in the server's error format, and `headers`. */
  constructor(status: number, message: string, headers: HeaderRecord = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
