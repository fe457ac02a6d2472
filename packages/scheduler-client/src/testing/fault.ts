// The scheduler answers errors with a status and a plain-text body; handlers throw a SchedulerFault
// and the route wrapper turns it (and any other error) into that reply.
import { ReplyError, type TestResponse } from '@infra-sdk/core/testing';

/** An error reply of the fake: status and plain-text message. */
export class SchedulerFault extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'SchedulerFault';
    this.status = status;
  }
}

/** 400 with `message`. */
export function badRequest(message: string): SchedulerFault {
  return new SchedulerFault(400, message);
}

/** 404 with `message`. */
export function notFound(message: string): SchedulerFault {
  return new SchedulerFault(404, message);
}

/** 403 as the scheduler words it. */
export function permissionDenied(): SchedulerFault {
  return new SchedulerFault(403, 'Permission denied');
}

/** Answers `error` the way the scheduler does: its status and a plain-text body. */
export function replyWithFault(res: TestResponse, error: unknown): void {
  if (res.replied || res.raw.headersSent) {
    res.raw.destroy();
    return;
  }
  if (error instanceof SchedulerFault || error instanceof ReplyError) {
    res.text(error.status, error.message);
    return;
  }
  res.text(500, error instanceof Error ? error.message : String(error));
}
