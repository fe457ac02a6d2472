import { type ReplySpec, sendReplySpec } from './reply-spec.js';
import { sleep } from './sleep.js';
import type { Handler } from './types.js';

/** Answers the n-th call with the n-th listed status and hands every later call to `then`. */
export function statusSequence(statuses: readonly (number | ReplySpec)[], then: Handler): Handler {
  let calls = 0;
  return (req, res) => {
    const entry = statuses[calls];
    calls += 1;
    if (entry === undefined) return then(req, res);
    const spec = typeof entry === 'number' ? { status: entry } : entry;
    sendReplySpec(res, spec, { errors: [`injected ${spec.status}`] });
  };
}

/** Waits `ms`, then lets `handler` answer; gives up quietly if the client leaves meanwhile. */
export function delayed(ms: number, handler: Handler): Handler {
  return async (req, res) => {
    try {
      await sleep(ms, req.signal);
    } catch {
      // The client is gone: there is nobody left to answer.
      return;
    }
    await handler(req, res);
  };
}
