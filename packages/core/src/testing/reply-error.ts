import type { HeaderRecord } from './types.js';

/** Thrown from a handler to answer with this status and `{"errors":[message]}` instead of a 500. */
export class ReplyError extends Error {
  override readonly name = 'ReplyError';
  readonly status: number;
  readonly headers: HeaderRecord;

  constructor(status: number, message: string, headers: HeaderRecord = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
