// The registry's error body is `{"errors": [...], "success": false}`; every handler answers failures so.
import { ReplyError, type TestResponse } from '@infra-sdk/core/testing';

/** Answers with the registry's error body. */
export function sendError(
  res: TestResponse,
  status: number,
  message: string,
  headers?: Readonly<Record<string, string>>,
): void {
  res.json(status, { errors: [message], success: false }, headers);
}

/** Ends the handler with this status and message. */
export function fail(status: number, message: string, headers?: Readonly<Record<string, string>>): never {
  throw new ReplyError(status, message, headers);
}
