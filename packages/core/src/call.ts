// The second step: one call planned before anything is sent. Where it goes, whether it carries the
// credentials, its headers and body, its time limits and whether it may be retried are all decided here,
// once; the attempts then only read the plan (and add to the two fields that say so).
import type { TokenSource } from './auth.js';
import { AbortError } from './errors.js';
import { checkToken } from './header-values.js';
import type { ResponseMeta } from './meta.js';
import { redactUrl } from './redact.js';
import type { CrossOriginRedirects } from './redirect.js';
import { callHeaders } from './request-headers.js';
import type { RequestOptions, RequestSpec } from './request-spec.js';
import { type ResolvedRetry, SAFE_METHODS } from './retry.js';
import type { TransportConfig } from './transport-options.js';
import { callUrl } from './url.js';

/** One call on its way. Everything is fixed when the call starts, except the two fields marked below. */
export interface Call<T = unknown, M extends ResponseMeta = ResponseMeta> {
  readonly spec: RequestSpec<T, M>;
  readonly options: RequestOptions;
  /** Upper-case method. */
  readonly method: string;
  readonly url: string | URL;
  /** Whether the call carries the token and the service's headers (not for another origin's address). */
  readonly authenticate: boolean;
  /** Whether `token` is asked before each attempt (the client's fixed token travels in the headers). */
  readonly asksToken: boolean;
  /** The token source of each attempt: the call's own `token`, or the client's. */
  readonly token: TokenSource | undefined;
  /**
   * The secrets to keep out of every message of the call. Grows: each token a provider hands out during
   * the call is added before its attempt is sent.
   */
  readonly secrets: string[];
  /** Method and redacted URL, for messages and hooks; worked out when asked, with the secrets known then. */
  readonly where: () => { method: string; url: string };
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON text or raw body sent with each attempt. */
  readonly body: BodyInit | undefined;
  /** A raw body goes to fetch by the attempt itself, in these fetch options, never through ky. */
  readonly rawInit: RequestInit | undefined;
  /** Read the whole body inside the attempt (JSON and text), or hand over the stream. */
  readonly buffered: boolean;
  readonly retry: ResolvedRetry;
  readonly retryable: boolean;
  /** Limit in ms of each attempt. */
  readonly attemptTimeout: number;
  /** Limit in ms of the whole call, retries and waits included. */
  readonly totalTimeout: number;
  /** `performance.now()` when the call started: ky's time limits run on the system's timers. */
  readonly startedAt: number;
  /** The client's `clock.now()` when the call started, for `meta.durationMs`. */
  readonly clockStartedAt: number;
  /** What a redirect to an origin that is neither the service's nor trusted does. */
  readonly crossOrigin: CrossOriginRedirects;
  /** Attempts sent so far (written by the attempt). */
  attempts: number;
  /** The body of the attempt that succeeded, read inside it (written by the attempt). */
  payload: Uint8Array | undefined;
}

const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_TOTAL_TIMEOUT = 120_000;
const DEFAULT_BLOCKING_MARGIN = 5_000;
// Timers (and ky's limits) cannot wait longer than this.
const LONGEST_TIMER = 2_147_483_647;

/** Time limit of one blocking attempt: the wait, the server's random extra of up to wait/16, and a margin. */
export function blockingTimeout(waitMs: number, marginMs: number = DEFAULT_BLOCKING_MARGIN): number {
  return Math.ceil(waitMs + waitMs / 16 + marginMs);
}

/**
 * Plans one call. Throws RequestValidationError for headers that cannot be sent and AbortError for a
 * signal that has already aborted: nothing is sent then.
 */
export function planCall<T, M extends ResponseMeta>(
  config: TransportConfig,
  spec: RequestSpec<T, M>,
  options: RequestOptions,
): Call<T, M> {
  const own = options.token;
  if (own !== undefined && typeof own !== 'function') checkToken(own, 'token', 'request options');
  // The call's own token replaces the client's, fixed or not: it is applied per attempt.
  const token = own ?? config.token;
  const fixedToken = own === undefined && config.fixedToken;
  const method = spec.method.toUpperCase();
  const url = callUrl(spec.url ?? `${config.base}${config.prefix}${spec.path}`, spec);
  const authenticate =
    spec.url === undefined || (spec.authenticate === true && config.trusted.has(new URL(spec.url).origin));
  const asksToken = authenticate && token !== undefined && !fixedToken;
  // A provider's tokens, the earlier ones included, are kept out of every call's messages and logs.
  const secrets: string[] = fixedToken
    ? (config.fixedSecrets as string[])
    : [...config.fixedSecrets, ...config.handedOut, ...(typeof own === 'string' ? [own] : [])];
  const headers = callHeaders(config, spec, options, authenticate, fixedToken);
  if (options.signal?.aborted) throw new AbortError('The request was aborted before it was sent');

  const retry = config.retryOf(options.retry);
  const replayable = !(spec.rawBody instanceof ReadableStream);
  const blockingWait = spec.blocking?.waitMs;
  const attemptTimeout = blockingWait
    ? blockingTimeout(blockingWait, config.options.blockingMargin)
    : (options.timeout ?? config.options.timeout ?? DEFAULT_TIMEOUT);
  const totalTimeout = Math.min(
    LONGEST_TIMER,
    (options.totalTimeout ?? config.options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT) +
      (blockingWait ? attemptTimeout : 0),
  );
  const body = spec.body !== undefined ? JSON.stringify(spec.body) : spec.rawBody;
  return {
    spec,
    options,
    method,
    url,
    authenticate,
    asksToken,
    token,
    secrets,
    where: () => ({ method, url: redactUrl(String(url), secrets) }),
    headers,
    body,
    rawInit: rawInit(spec.rawBody),
    buffered: spec.responseType !== 'stream',
    retry,
    retryable: replayable && (spec.idempotent ?? (SAFE_METHODS.has(method) || retry.retryWrites)),
    attemptTimeout: Math.min(attemptTimeout, totalTimeout),
    totalTimeout,
    startedAt: performance.now(),
    clockStartedAt: config.clock.now(),
    crossOrigin: spec.crossOriginRedirects ?? config.options.crossOriginRedirects ?? 'refuse',
    attempts: 0,
    payload: undefined,
  };
}

/**
 * The fetch options of a raw body. It goes to fetch in the attempt rather than through ky, which
 * copies the request of every attempt: a tee that would hold every chunk of a stream for a copy never
 * sent. A stream also goes with redirect mode `error`: under `manual`, Node's fetch tees the body for
 * a redirect it would never follow with a stream, and holds every chunk until the answer
 * (nodejs/undici#4058). A redirect then fails inside fetch, and `followRedirects` reports it.
 */
function rawInit(rawBody: BodyInit | undefined): RequestInit | undefined {
  if (rawBody === undefined) return undefined;
  if (!(rawBody instanceof ReadableStream)) return { body: rawBody };
  return { body: rawBody, duplex: 'half', redirect: 'error' } as RequestInit;
}
