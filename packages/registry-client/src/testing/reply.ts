// The registry's error body is `{"errors": [...], "success": false}`; every handler answers failures so.
import { type Handler, ReplyError, type TestResponse } from '@infra-sdk/core/testing';

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

/** Wraps a handler so that a thrown ReplyError answers with the registry's error body. */
export function registryHandler(handler: Handler): Handler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (!(error instanceof ReplyError) || res.replied) throw error;
      sendError(res, error.status, error.message, error.headers);
    }
  };
}
