// Observers of the request life cycle, for tracing, metrics and logs. ky runs them (its `beforeRequest`
// and `beforeRetry` hooks, see `prepare-attempt.ts`) and the attempt reports each response
// (`attempt.ts`); they only ever see redacted URLs and bodies.
import type { ApiError } from './api-errors.js';
import type { ConnectionError, TimeoutError } from './errors.js';
import type { HeadersInput } from './header-values.js';

/** Something that happened to a request, for logging and metrics. URLs are already redacted. */
export interface TransportEvent {
  /** HTTP method of the request. */
  readonly method: string;
  /** The request URL, redacted. */
  readonly url: string;
  /** 0 for the first attempt. */
  readonly attempt: number;
}

/** What `onRequest` learns about an attempt about to be sent. */
export interface RequestEvent extends TransportEvent {
  /**
   * The request body as text for a log, worked out when called: JSON and text with the token (in any
   * encoding) and the values of credential-like fields (`password`, `token`, `secret`, ...) masked;
   * `[N bytes]`, `[Blob, N bytes]` or `[stream]` for a raw body; undefined when there is none.
   */
  body(): string | undefined;
}

/**
 * Headers an `onRequest` hook adds to an attempt (a W3C `traceparent`, say), in any shape
 * `HeadersInput` names: a plain object, a `Headers`, a `Map` or a list of pairs.
 */
export type HookHeaders = HeadersInput;

/** What `onResponse` learns about an attempt that got an answer. */
export interface ResponseEvent extends TransportEvent {
  /** HTTP status of the answer. */
  readonly status: number;
  /** Milliseconds from sending the attempt until its body was read (until the headers for streamed bodies and errors). */
  readonly durationMs: number;
  /** The service's request id, from its request-id header (`x-request-id` unless the client names another). */
  readonly requestId: string | undefined;
  /**
   * A successful answer's body as text for a log, masked as `RequestEvent.body()` masks; `[stream]`
   * for a streamed one; undefined for an empty body and for an error status, whose body is read
   * afterwards into the error the call throws (its `errors` and `body`).
   */
  body(): string | undefined;
}

/**
 * A failure a call retries: an error status among the retry's `statusCodes` (an `ApiError` subclass,
 * e.g. `ServerError`, `RateLimitError`), a time-out of the attempt, or a connection that failed or broke
 * mid-body. Any other failure ends the call instead.
 */
export type RetriedError = ApiError | ConnectionError | TimeoutError;

/** What `onRetry` learns before a retry: the attempt about to be sent and the failure of the one before. */
export interface RetryEvent extends TransportEvent {
  /** Why the previous attempt failed, as the error the call would otherwise throw (redacted). */
  readonly error: RetriedError;
}

/** What `onRequest` may return: headers to add to the attempt, or nothing. */
// biome-ignore lint/suspicious/noConfusingVoidType: observers that return nothing must type-check too.
export type RequestHookResult = void | HookHeaders | undefined | null;

/**
 * Observers of the request life cycle, for tracing, metrics and logs. They see redacted URLs and never a
 * credential: `onRequest` may add headers to an attempt, but not the token's header, `authorization`,
 * `proxy-authorization` or `cookie`.
 */
export interface TransportHooks {
  /**
   * Called before each attempt is sent; the headers it returns are added to that attempt. Headers in a
   * shape it cannot read, or that carry a credential, fail the call before anything is sent.
   */
  readonly onRequest?: ((event: RequestEvent) => RequestHookResult | Promise<RequestHookResult>) | undefined;
  /** Called when an attempt gets a response, whatever its status, with its duration. */
  readonly onResponse?: ((event: ResponseEvent) => void | Promise<void>) | undefined;
  /** Called before a retry, with the error that caused it. */
  readonly onRetry?: ((event: RetryEvent) => void | Promise<void>) | undefined;
}
