import type { HeaderRecord, TestResponse } from './types.js';

/** A canned reply: a string body is sent as text, any other body as JSON. */
export interface ReplySpec {
  /** HTTP status of the reply. */
  readonly status: number;
  /** Headers of the reply. */
  readonly headers?: HeaderRecord | undefined;
  /** Body of the reply; a string is sent as text, anything else as JSON. */
  readonly body?: unknown;
}

/** Sends a canned reply, using `fallbackBody` when the spec has none. */
export function sendReplySpec(res: TestResponse, spec: ReplySpec, fallbackBody: unknown): void {
  const body = spec.body === undefined ? fallbackBody : spec.body;
  if (typeof body === 'string') res.text(spec.status, body, spec.headers);
  else res.json(spec.status, body, spec.headers);
}
