// The errors of a service's answer: `ApiError` and one class per status a caller handles on its own,
// chosen by `createApiError` from whatever status came back, odd ones included.
import { ConnectionError, InfraSdkError, pathOf, TimeoutError } from './errors.js';

/** A service's error entry: most services send strings, some send objects. */
export type ServiceErrorItem = string | Readonly<Record<string, unknown>>;

/** What every HTTP error knows about the failed call. */
export interface ApiErrorInit {
  /** HTTP status of the response: 400 or above, or any other status that is not a success. */
  readonly status: number;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** The request URL with credentials removed. */
  readonly url: string;
  /** Error entries from the response body. */
  readonly errors?: readonly ServiceErrorItem[] | undefined;
  /** The service's request id, when it sent one. */
  readonly requestId?: string | undefined;
  /** A plain-text body, already trimmed and redacted. */
  readonly body?: string | undefined;
  /** Milliseconds the server asked the caller to wait (`Retry-After`). */
  readonly retryAfterMs?: number | undefined;
}

/**
 * The service answered with a status that is not a success: 400 or above, or a 3xx that was not
 * followed (a redirect without a usable `Location`, a `304` nobody asked for). A status outside HTTP's
 * range (a proxy's `999`, a `0`) is a `ServerError`.
 *
 * The error body is read in every form the services send: `{"errors": [...]}` with strings or objects
 * (entries of other kinds are dropped), with or without `"success": false`; `{"errors": "..."}`;
 * `{"error": "..."}`; `{"message": "..."}`; and plain text, kept in `body`. A body labelled JSON that is
 * not JSON is kept as text, and text that is JSON is read as JSON. How much of it is read, and for how
 * long: `TransportOptions.timeout`.
 */
export class ApiError extends InfraSdkError {
  static override readonly kind: string = 'ApiError';
  /** HTTP status of the response, as it came back. */
  declare readonly status: number;
  /** HTTP method of the failed request. */
  declare readonly method: string;
  /** The request URL with credentials removed. */
  declare readonly url: string;
  /** Error entries from the response body; empty when the service sent none. */
  declare readonly errors: readonly ServiceErrorItem[];
  /** The service's request id, to quote when asking its operators about the failure. */
  declare readonly requestId: string | undefined;
  /**
   * A plain-text body, trimmed, cut to 2048 characters and redacted, when the service sent text instead
   * of JSON; the message quotes it when `errors` is empty.
   */
  declare readonly body: string | undefined;
  /** Milliseconds the server asked the caller to wait (`Retry-After`), when it said. */
  declare readonly retryAfterMs: number | undefined;

  /**
   * Builds the message from the method, path, status and service errors, then `hint` on what to do
   * about it (default: the advice of the class, for the classes of core; usually built by
   * `createApiError`, which picks the class from the status).
   */
  constructor(init: ApiErrorInit, hint?: string) {
    const { status, errors = [], body, retryAfterMs } = init;
    const parts = errors.map((item) => (typeof item === 'string' ? item : describeObject(item)));
    if (parts.length === 0 && body) parts.push(body);
    // The advice of the nearest class of core's in the chain, for a subclass of one of them too.
    let advice = hint;
    for (let at = new.target; advice === undefined && at !== ApiError; at = Object.getPrototypeOf(at)) {
      advice =
        at === RateLimitError && retryAfterMs !== undefined
          ? `Rate-limited; try again in ${Math.ceil(retryAfterMs / 1000)} s`
          : ADVICE[at.kind];
    }
    super(
      `${init.method} ${pathOf(init.url)} failed with status ${status}${parts.length ? `: ${parts.join('; ')}` : ''}${advice ? `. ${advice}` : ''}`,
    );
    this.status = status;
    this.method = init.method;
    this.url = init.url;
    this.errors = errors;
    this.requestId = init.requestId;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }
}

/** 400: the request was refused as invalid; change it before trying again. */
export class BadRequestError extends ApiError {
  static override readonly kind: string = 'BadRequestError';
}

/** 401: no token, or a token the service does not accept. */
export class UnauthorizedError extends ApiError {
  static override readonly kind: string = 'UnauthorizedError';
}

/** 403: the token is valid but lacks the permission, or the request is not allowed. */
export class PermissionDeniedError extends ApiError {
  static override readonly kind: string = 'PermissionDeniedError';
}

/** 404: no such resource, or one the token may not see. */
export class NotFoundError extends ApiError {
  static override readonly kind: string = 'NotFoundError';
}

/** 409: the request conflicts with the current state (a name already taken, a check-and-set index that moved). */
export class ConflictError extends ApiError {
  static override readonly kind: string = 'ConflictError';
}

/** 422: well-formed but semantically refused. */
export class UnprocessableEntityError extends ApiError {
  static override readonly kind: string = 'UnprocessableEntityError';
}

/** 429: too many requests. `retryAfterMs` says how long the service asked to wait, and so does the message. */
export class RateLimitError extends ApiError {
  static override readonly kind: string = 'RateLimitError';
}

/**
 * 5xx: the service failed. Also any status outside HTTP's range of 100 to 599 (a proxy's `999`, a `0`)
 * and a 1xx given as the final answer: no working service sends those.
 */
export class ServerError extends ApiError {
  static override readonly kind: string = 'ServerError';
}

/** 503: sealed, in maintenance or otherwise unavailable for now. */
export class ServiceUnavailableError extends ServerError {
  static override readonly kind: string = 'ServiceUnavailableError';
}

// What to do about each error of an answer, by class: one table instead of a constructor per class.
const ADVICE: Readonly<Record<string, string>> = {
  BadRequestError: 'Correct the request before sending it again',
  UnauthorizedError: 'Check that a valid token is configured',
  PermissionDeniedError: 'The token lacks the permission, or the request is not allowed',
  NotFoundError: 'It does not exist, or the token may not see it',
  ConflictError: 'The request conflicts with the current state; read it again before retrying',
  UnprocessableEntityError: 'The service could not process the request as given',
  RateLimitError: 'Rate-limited; slow down and try again later',
  ServerError: 'The service failed; try again later',
  ServiceUnavailableError: 'The service is unavailable (maintenance, sealed or starting); try again later',
};

/** A failure that may pass if the same request is repeated later: what `isTransientError` accepts. */
export type TransientError = ConnectionError | TimeoutError | ServerError | RateLimitError;

/**
 * Whether a failure may pass if the same request is repeated later: connection failures, timeouts, 5xx and 429.
 *
 * @example
 * ```ts
 * import { createTransport, isTransientError } from '@infra-sdk/core';
 *
 * const mesh = createTransport({ baseUrl: 'http://127.0.0.1:8500', pathPrefix: '/v1' });
 * try {
 *   await mesh.request({ method: 'GET', path: '/namespace/nowhere' });
 * } catch (error) {
 *   console.log(isTransientError(error)); // false: a 404 stays a 404
 * }
 * ```
 */
export function isTransientError(error: unknown): error is TransientError {
  return (
    ConnectionError.isInstance(error) ||
    TimeoutError.isInstance(error) ||
    ServerError.isInstance(error) ||
    RateLimitError.isInstance(error)
  );
}

/** The `ApiError` subclass of each status that has one of its own. */
const STATUS_CLASSES: Readonly<Record<number, typeof ApiError>> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/** Builds the `ApiError` subclass that matches `init.status`, whatever status came back. */
export function createApiError(init: ApiErrorInit): ApiError {
  const { status } = init;
  const Class = STATUS_CLASSES[status];
  if (Class) return new Class(init);
  if (status >= 300 && status < 500) {
    return new ApiError(
      init,
      status < 400 ? 'A 3xx status that is not a redirect the client can follow' : undefined,
    );
  }
  return new ServerError(
    init,
    status >= 500 && status < 600
      ? undefined
      : 'The status is outside the range HTTP defines (100 to 599, 1xx never final): a proxy or the service is broken',
  );
}

function describeObject(item: Readonly<Record<string, unknown>>): string {
  for (const key of ['message', 'detail', 'error', 'title']) {
    const value = item[key];
    if (typeof value === 'string' && value) return value;
  }
  return JSON.stringify(item);
}
