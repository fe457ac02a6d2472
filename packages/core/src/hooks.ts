// Observers of the request life cycle, for tracing, metrics and logs. ky runs them (its `beforeRequest`
// and `beforeRetry` hooks, see `prepare-attempt.ts`) and the attempt reports each response
// (`attempt.ts`); they only ever see redacted URLs.
import type { InfraSdkError } from './errors.js';
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
}

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
  readonly onRequest?: (
    event: TransportEvent,
    // biome-ignore lint/suspicious/noConfusingVoidType: observers that return nothing must type-check too.
  ) => void | HookHeaders | undefined | Promise<HookHeaders | undefined | void>;
  /** Called when an attempt gets a response, whatever its status, with its duration. */
  readonly onResponse?: (event: ResponseEvent) => void | Promise<void>;
  /** Called before a retry, with the error that caused it. */
  readonly onRetry?: (event: TransportEvent & { readonly error: InfraSdkError }) => void | Promise<void>;
}
