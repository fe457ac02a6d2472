// What one call is: the request a client method describes (`RequestSpec`) and the options its caller
// adds (`RequestOptions`).
import type { TokenSource } from './auth.js';
import type { HeadersInput } from './header-values.js';
import type { ApiResult, ResponseMeta } from './meta.js';
import type { OptionKeys } from './option-keys.js';
import type { Query } from './query.js';
import type { CrossOriginRedirects } from './redirect.js';
import type { RetryInput } from './retry.js';
import type { StandardSchemaV1 } from './schema.js';

/** Per-call options; every client method takes them last. */
export interface RequestOptions {
  /** Aborts the call; an abort is never retried. */
  readonly signal?: AbortSignal | undefined;
  /** Per-attempt time limit in ms for this call. */
  readonly timeout?: number | undefined;
  /** Extra headers for this call, in any shape `HeadersInput` names; `undefined` removes a default header. */
  readonly headers?: HeadersInput | undefined;
  /** Retry policy for this call, merged over the client's. */
  readonly retry?: RetryInput | undefined;
  /** Limit in ms on this whole call, retries included (long transfers); at most 2 147 483 647. */
  readonly totalTimeout?: number | undefined;
  /** Check this response against its schema. Default: the client's setting. */
  readonly validateResponse?: boolean | undefined;
  /**
   * The token of this call only, instead of the client's (the Go clients' `QueryOptions.AuthToken`,
   * vault's `WithToken`): a token, or a provider asked before each attempt (returning `undefined`
   * sends none). It travels like the client's token: where the client's auth scheme puts it, only to
   * the service's own and trusted origins, never in a message, log line or error. `''`, or a value a
   * header cannot carry, fails the call with RequestValidationError before anything is sent.
   */
  readonly token?: TokenSource | undefined;
}

/**
 * The keys of `RequestOptions`: a client checks its per-call options against them and its own,
 * `sendOperation(core, describe, options, [requestOptionKeys, { namespace: 1 }])`.
 */
export const requestOptionKeys = {
  signal: 1,
  timeout: 1,
  headers: 1,
  retry: 1,
  totalTimeout: 1,
  validateResponse: 1,
  token: 1,
} as const satisfies OptionKeys<RequestOptions>;

/** Index, wait and consistency of a blocking query. */
export interface BlockingQuery {
  /** Return once the state index is past this one (or the wait ends). */
  readonly index?: number | undefined;
  /** Longest wait in ms; sent as `wait`. */
  readonly waitMs?: number | undefined;
  /** `stale`: any server may answer; `consistent`: the leader confirms it still leads. */
  readonly consistency?: 'default' | 'stale' | 'consistent' | undefined;
}

/** How the payload is read. */
export type ResponseType = 'json' | 'text' | 'stream';

/** One request, as a client method describes it. */
export interface RequestSpec<T = unknown, M extends ResponseMeta = ResponseMeta> {
  /** HTTP method, e.g. `GET`. */
  readonly method: string;
  /** Path under the prefix, with every parameter already encoded (see `path`). */
  readonly path: string;
  /** Query parameters; `undefined` and `null` values are left out, lists repeat the key. */
  readonly query?: Query | undefined;
  /** A JSON body; `undefined` sends none. */
  readonly body?: unknown;
  /** A raw body (bytes, Blob, stream); streams are never retried because they cannot be replayed. */
  readonly rawBody?: BodyInit | undefined;
  /** Extra headers for this request, in any shape `HeadersInput` names; `undefined` removes a default header. */
  readonly headers?: HeadersInput | undefined;
  /** Default `json`; an empty JSON body reads as `undefined`. */
  readonly responseType?: ResponseType | undefined;
  /** Validates (and may transform) the payload. */
  readonly schema?: StandardSchemaV1<unknown, T> | undefined;
  /** Takes the payload out of an envelope and adds what the envelope says to the metadata. */
  readonly unwrap?: ((body: unknown, meta: ResponseMeta) => ApiResult<unknown, M>) | undefined;
  /** Overrides the method-based decision whether the call may be retried. */
  readonly idempotent?: boolean | undefined;
  /** Makes the request a blocking query. */
  readonly blocking?: BlockingQuery | undefined;
  /** Parses a JSON body instead of `JSON.parse`, e.g. to keep the exact digits of large integers. */
  readonly parseJson?: ((text: string) => unknown) | undefined;
  /** An absolute address outside the service (an upload URL): no token and no default headers go there. */
  readonly url?: string | undefined;
  /**
   * With `url`: treat the address like the service's own (token, default headers, redaction) when it is
   * on the service's origin, e.g. a download address the service hands out. Another origin never gets them.
   */
  readonly authenticate?: boolean | undefined;
  /** What a redirect to an untrusted origin does for this request; default: the transport's. */
  readonly crossOriginRedirects?: CrossOriginRedirects | undefined;
}
