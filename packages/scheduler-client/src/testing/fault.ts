// The scheduler answers errors with a status and a plain-text body: handlers throw ReplyErrors, and the
// fake's server writes them as text (its `errorReply`).
import { ReplyError, type TestResponse } from '@infra-sdk/core/testing';

/** 400 with `message`. */
export function badRequest(message: string): ReplyError {
  return new ReplyError(400, message);
}

/** 404 with `message`. */
export function notFound(message: string): ReplyError {
  return new ReplyError(404, message);
}

/** 403 as the scheduler words it. */
export function permissionDenied(): ReplyError {
  return new ReplyError(403, 'Permission denied');
}

/** Writes an error reply the way the scheduler does: its status and a plain-text body. */
export function replyAsText(
  res: TestResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>>,
): void {
  res.text(status, message, headers);
}
