// The last step of a failed call: whatever ky, fetch or a hook threw becomes one of core's errors,
// which keep no request, headers or options and carry no secret in their message, cause or stack.
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { Call } from './call.js';
import { errorFromResponse } from './error-body.js';
import { AbortError, ConnectionError, InfraSdkError, TimeoutError } from './errors.js';
import { redactText } from './redact.js';
import type { TransportConfig } from './transport-options.js';

// A timer may fire a little before the time it was set for (Node counts from the loop's cached clock):
// a time-out within this many ms of the call's limit is the call's.
const TIMER_SLACK_MS = 20;

/** Maps what ky, fetch or a hook threw during `call` to core's hierarchy. */
export function toCoreError(error: unknown, config: TransportConfig, call: Call): InfraSdkError {
  if (InfraSdkError.isInstance(error)) return error;
  const { signal } = call.options;
  if (signal?.aborted) return new AbortError('The request was aborted', { cause: signal.reason });
  const where = call.where();
  const { secrets } = call;
  if (isHTTPError(error)) {
    const { response } = error;
    return errorFromResponse(
      { status: response.status, headers: response.headers, data: error.data },
      { ...where, requestIdHeader: config.names.requestId, secrets },
    );
  }
  if (isTimeoutError(error)) {
    // ky ends an attempt at its own limit or at the call's, whichever comes first: the clock tells which.
    const total = performance.now() - call.startedAt >= call.totalTimeout - TIMER_SLACK_MS;
    return new TimeoutError(
      total ? call.totalTimeout : call.attemptTimeout,
      total ? 'the call, retries included, did not finish' : 'no response arrived',
      where,
    );
  }
  if (isNetworkError(error)) {
    // The TypeError fetch threw (see `hop-fetch.ts`), whose own cause says what broke.
    const failure = error.cause;
    const raw = failure instanceof Error ? (failure.cause ?? failure) : failure;
    const inner = raw instanceof Error ? raw : failure;
    const code = (inner as { code?: unknown } | undefined)?.code;
    const text = inner instanceof Error ? redactText(inner.message, secrets) : 'network failure';
    return new ConnectionError(
      `the service could not be reached (${typeof code === 'string' ? `${code}: ` : ''}${text})`,
      { ...where, cause: scrubCause(raw, secrets) },
    );
  }
  return new InfraSdkError(redactText(error instanceof Error ? error.message : String(error), secrets), {
    cause: scrubCause(error, secrets),
  });
}

/**
 * A copy of a cause that keeps its name, code, message and stack with every secret taken out: runtime
 * errors may quote a URL or a header, and errors end up in logs.
 */
function scrubCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(cause instanceof Error)) return typeof cause === 'string' ? redactText(cause, secrets) : cause;
  const inner = depth < 8 ? scrubCause(cause.cause, secrets, depth + 1) : undefined;
  const copy = new Error(
    redactText(cause.message, secrets),
    inner === undefined ? undefined : { cause: inner },
  );
  const { name, code } = cause as Error & { code?: unknown };
  Object.defineProperty(copy, 'name', { value: name, configurable: true });
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
  copy.stack = redactText(cause.stack ?? '', secrets);
  return copy;
}
