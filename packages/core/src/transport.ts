// The one HTTP path every client call takes: URL building, auth per attempt, retries and time limits
// (configured on ky explicitly), error mapping, metadata and response validation.
import ky, {
  ForceRetryError,
  HTTPError,
  type Options as KyOptions,
  type RetryOptions as KyRetryOptions,
  TimeoutError as KyTimeoutError,
} from 'ky';
import { type AuthScheme, applyAuth, resolveToken, type TokenSource } from './auth.js';
import { errorFromResponse } from './error-body.js';
import {
  AbortError,
  ConnectionError,
  InfraSdkError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from './errors.js';
import { isFetchFailure, markFetchFailure } from './fetch-failure.js';
import { checkHeaders, checkToken } from './header-values.js';
import { ApiPromise, type ApiResult, type ResponseMeta } from './meta.js';
import { type Query, toSearchParams } from './query.js';
import { readBody } from './read-body.js';
import { inspectSymbol, REDACTED, redactText, redactUrl } from './redact.js';
import { type CrossOriginRedirects, followRedirects, type RedirectContext } from './redirect.js';
import { kyRetryUntil, type ResolvedRetry, type RetryInput, resolveRetry, SAFE_METHODS } from './retry.js';
import { type StandardSchemaV1, validateResponse } from './schema.js';

/** Response headers that carry metadata; each service names its own. */
export interface MetaHeaderNames {
  /** Default `x-request-id`. */
  readonly requestId?: string;
  /** Header with the blocking-query index. */
  readonly index?: string;
  /** Header that says whether the server knows a leader. */
  readonly knownLeader?: string;
  /** Header with the milliseconds since the server last heard from the leader. */
  readonly lastContact?: string;
  /** Header with the token of the next page. */
  readonly nextToken?: string;
}

/** Something that happened to a request, for logging and metrics. URLs are already redacted. */
export interface TransportEvent {
  /** HTTP method of the request. */
  readonly method: string;
  /** The request URL, redacted. */
  readonly url: string;
  /** 0 for the first attempt. */
  readonly attempt: number;
}

/** Headers an `onRequest` hook adds to an attempt (a W3C `traceparent`, say). */
export type HookHeaders = Readonly<Record<string, string>>;

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
  /** Called before each attempt is sent; the headers it returns are added to that attempt. */
  // biome-ignore lint/suspicious/noConfusingVoidType: observers that return nothing must type-check too.
  readonly onRequest?: (event: TransportEvent) => void | HookHeaders | Promise<HookHeaders | undefined>;
  /** Called when an attempt gets a response, whatever its status, with its duration. */
  readonly onResponse?: (event: ResponseEvent) => void | Promise<void>;
  /** Called before a retry, with the error that caused it. */
  readonly onRetry?: (event: TransportEvent & { readonly error: InfraSdkError }) => void | Promise<void>;
}

/** How a client reaches its service. */
export interface TransportOptions {
  /** Address of the service, e.g. `https://scheduler.example:4646`. */
  readonly baseUrl: string;
  /** Path every route starts with, e.g. `/v1` or `/api/v1`. */
  readonly pathPrefix?: string;
  /** A token, or a function called before every attempt that returns the current one. */
  readonly token?: TokenSource;
  /** Where the token goes. Default `Authorization: Bearer`. */
  readonly auth?: AuthScheme;
  /** Headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** `User-Agent` to send (ignored by browsers). */
  readonly userAgent?: string;
  /** A fetch to use instead of the global one (TLS options, proxies, tests). */
  readonly fetch?: typeof fetch;
  /** Per-attempt time limit in ms. Default 30 000. */
  readonly timeout?: number;
  /** Limit in ms on a whole call, retries and waits included. Default 120 000. */
  readonly totalTimeout?: number;
  /** Extra ms a blocking query may take beyond its wait and the server's wait/16 jitter. Default 5 000. */
  readonly blockingMargin?: number;
  /** Retry policy. Default: 2 retries of reads on 408, 429, 5xx, timeouts and connection failures. */
  readonly retry?: RetryInput;
  /** Largest response body read into memory, in bytes. Default 64 MiB. */
  readonly maxResponseBytes?: number;
  /** Check responses against their schemas. Default true. */
  readonly validateResponses?: boolean;
  /** Response headers that carry metadata. */
  readonly metaHeaders?: MetaHeaderNames;
  /** Observers of requests, responses and retries. */
  readonly hooks?: TransportHooks;
  /**
   * Other origins that are part of the service (e.g. `https://standby.example:8200`): redirects there
   * keep the token, the service headers and the body, like redirects within `baseUrl`'s origin.
   */
  readonly trustedOrigins?: readonly string[];
  /** What a redirect to an origin that is neither `baseUrl`'s nor trusted does. Default `refuse`. */
  readonly crossOriginRedirects?: CrossOriginRedirects;
  /** Redirects followed in a row. Default 5. */
  readonly maxRedirects?: number;
}

/** Per-call options; every client method takes them last. */
export interface RequestOptions {
  /** Aborts the call; an abort is never retried. */
  readonly signal?: AbortSignal;
  /** Per-attempt time limit in ms for this call. */
  readonly timeout?: number;
  /** Extra headers for this call; `undefined` removes a default header. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** Retry policy for this call, merged over the client's. */
  readonly retry?: RetryInput;
  /** Limit in ms on this whole call, retries included (long transfers); at most 2 147 483 647. */
  readonly totalTimeout?: number;
  /** Check this response against its schema. Default: the client's setting. */
  readonly validateResponse?: boolean;
}

/** Index, wait and consistency of a blocking query. */
export interface BlockingQuery {
  /** Return once the state index is past this one (or the wait ends). */
  readonly index?: number;
  /** Longest wait in ms; sent as `wait`. */
  readonly waitMs?: number;
  /** `stale`: any server may answer; `consistent`: the leader confirms it still leads. */
  readonly consistency?: 'default' | 'stale' | 'consistent';
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
  readonly query?: Query;
  /** A JSON body; `undefined` sends none. */
  readonly body?: unknown;
  /** A raw body (bytes, Blob, stream); streams are never retried because they cannot be replayed. */
  readonly rawBody?: BodyInit;
  /** Extra headers for this request; `undefined` removes a default header. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** Default `json`; an empty JSON body reads as `undefined`. */
  readonly responseType?: ResponseType;
  /** Validates (and may transform) the payload. */
  readonly schema?: StandardSchemaV1<unknown, T>;
  /** Takes the payload out of an envelope and adds what the envelope says to the metadata. */
  readonly unwrap?: (
    body: unknown,
    meta: ResponseMeta,
  ) => {
    /** The payload, taken out of its envelope. */
    data: unknown;
    /** The metadata, with what the envelope says added. */
    meta: M;
  };
  /** Overrides the method-based decision whether the call may be retried. */
  readonly idempotent?: boolean;
  /** Makes the request a blocking query. */
  readonly blocking?: BlockingQuery | undefined;
  /** Parses a JSON body instead of `JSON.parse`, e.g. to keep the exact digits of large integers. */
  readonly parseJson?: (text: string) => unknown;
  /** An absolute address outside the service (an upload URL): no token and no default headers go there. */
  readonly url?: string;
  /**
   * With `url`: treat the address like the service's own (token, default headers, redaction) when it is
   * on the service's origin, e.g. a download address the service hands out. Another origin never gets them.
   */
  readonly authenticate?: boolean;
  /** What a redirect to an untrusted origin does for this request; default: the transport's. */
  readonly crossOriginRedirects?: CrossOriginRedirects;
}

/** The configured HTTP path of one client. */
export interface Transport {
  /** Address of the service. */
  readonly baseUrl: string;
  /** Sends one request; resolves to the payload, with `.withMeta()` for the metadata. */
  request<T = unknown, M extends ResponseMeta = ResponseMeta>(
    spec: RequestSpec<T, M>,
    options?: RequestOptions,
  ): ApiPromise<T, M>;
  /** A description without secrets. */
  toJSON(): Record<string, unknown>;
}

const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_TOTAL_TIMEOUT = 120_000;
const DEFAULT_BLOCKING_MARGIN = 5_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
/** The bodies of error responses, as text, for the error built from them. */
const errorBodies = new WeakMap<Response, string>();
// An error body is read for its message only: past this size it is left unread.
const MAX_ERROR_BYTES = 10 * 1024 * 1024;
// Timers (and ky's limits) cannot wait longer than this.
const LONGEST_TIMER = 2_147_483_647;

/** Time limit of one blocking attempt: the wait, the server's random extra of up to wait/16, and a margin. */
export function blockingTimeout(waitMs: number, marginMs: number = DEFAULT_BLOCKING_MARGIN): number {
  return Math.ceil(waitMs + waitMs / 16 + marginMs);
}

/** Formats a wait in ms as the duration text services accept (`300s`, `250ms`). */
export function formatWait(waitMs: number): string {
  return waitMs % 1000 === 0 ? `${waitMs / 1000}s` : `${Math.ceil(waitMs)}ms`;
}

/** Creates the transport a client sends all its requests through. */
export function createTransport(options: TransportOptions): Transport {
  const base = parseBaseUrl(options.baseUrl);
  const prefix = normalisePrefix(options.pathPrefix);
  // Names in lower case, as `Headers` gives them.
  const names: { requestId: string } & Record<string, string | undefined> = { requestId: 'x-request-id' };
  for (const [key, name] of Object.entries(options.metaHeaders ?? {}))
    if (name) names[key] = name.toLowerCase();
  const scheme: AuthScheme = options.auth ?? { type: 'bearer' };
  const { token, hooks, userAgent } = options;
  if (token !== undefined && typeof token !== 'function') checkToken(token);
  if (scheme.type === 'header') checkHeaders({ [scheme.name]: '' }, 'auth.name', 'client options');
  checkHeaders(options.headers, 'headers', 'client options');
  if (userAgent !== undefined) checkHeaders({ 'user-agent': userAgent }, 'userAgent', 'client options');
  const trustedOrigins = (options.trustedOrigins ?? []).map(
    (value) => parseHttpUrl(value, 'trustedOrigins').origin,
  );
  const trusted: ReadonlySet<string> = new Set([new URL(base).origin, ...trustedOrigins]);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  if (!Number.isSafeInteger(maxRedirects) || maxRedirects < 0) {
    throw new RangeError(`maxRedirects must be a whole number of 0 or more, not ${maxRedirects}`);
  }
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const send = sender(options.fetch);
  const description = (): Record<string, unknown> => ({
    baseUrl: base,
    pathPrefix: prefix,
    auth: scheme.type === 'bearer' ? 'bearer' : `${scheme.type}:${scheme.name}`,
    token: token === undefined ? undefined : REDACTED,
    ...(trustedOrigins.length > 0 ? { trustedOrigins } : {}),
  });

  // The header layers every call shares are merged once, names in lower case: a call without headers
  // of its own sends these as they are. A fixed token in a header travels with them; the query form and
  // token providers are applied per attempt.
  const fixed = typeof token === 'string' && scheme.type !== 'query';
  const anyAddress = layered({}, [userAgent ? { 'user-agent': userAgent } : undefined]);
  const ownBase = layered(anyAddress, [options.headers]);
  const tokenHeader: [string, string] | undefined = fixed
    ? scheme.type === 'header'
      ? [scheme.name.toLowerCase(), token]
      : ['authorization', `Bearer ${token}`]
    : undefined;
  const ownAddress = tokenHeader ? { ...ownBase, [tokenHeader[0]]: tokenHeader[1] } : ownBase;
  // Shared by the calls that add no token of their own, so frozen.
  const fixedSecrets: readonly string[] = Object.freeze(fixed ? [token] : []);
  // The client's retry settings, worked out on first use, so a bad retry option fails the call that
  // uses it, as it did before, not the client's creation.
  let clientRetry: ResolvedRetry | undefined;
  const retryOf = (call: RequestOptions): ResolvedRetry => {
    if (call.retry !== undefined) return resolveRetry(options.retry, call.retry);
    clientRetry ??= resolveRetry(options.retry);
    return clientRetry;
  };

  function headersFor(spec: RequestSpec<unknown, ResponseMeta>, call: RequestOptions, own: boolean) {
    const start = own ? ownBase : anyAddress;
    if (spec.body === undefined && !spec.headers && !call.headers) return own ? ownAddress : anyAddress;
    const headers = layered(
      spec.body === undefined ? start : { 'content-type': 'application/json', ...start },
      [spec.headers, call.headers],
    );
    if (own && tokenHeader) headers[tokenHeader[0]] = tokenHeader[1];
    return headers;
  }

  async function execute<T, M extends ResponseMeta>(
    spec: RequestSpec<T, M>,
    call: RequestOptions,
  ): Promise<ApiResult<T, M>> {
    const method = spec.method.toUpperCase();
    const url = buildUrl(spec.url ?? `${base}${prefix}${spec.path}`, spec);
    const authenticate =
      spec.url === undefined || (spec.authenticate === true && trusted.has(new URL(spec.url).origin));
    // A token provider's tokens join these as they come.
    const dynamic = authenticate && token !== undefined && !fixed;
    const secrets: string[] = dynamic ? [] : (fixedSecrets as string[]);
    const where = () => ({ method, url: redactUrl(String(url), secrets) });
    const retry = retryOf(call);
    const replayable = !(spec.rawBody instanceof ReadableStream);
    const retryable = replayable && (spec.idempotent ?? (SAFE_METHODS.has(method) || retry.retryWrites));
    const blockingWait = spec.blocking?.waitMs;
    const attemptTimeout = blockingWait
      ? blockingTimeout(blockingWait, options.blockingMargin)
      : (call.timeout ?? options.timeout ?? DEFAULT_TIMEOUT);
    const totalTimeout = Math.min(
      LONGEST_TIMER,
      (call.totalTimeout ?? options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT) +
        (blockingWait ? attemptTimeout : 0),
    );
    const buffered = spec.responseType !== 'stream';
    checkHeaders(spec.headers, 'headers', 'request headers');
    checkHeaders(call.headers, 'headers', 'request options');
    if (call.signal?.aborted) throw new AbortError('The request was aborted before it was sent');
    const body = spec.body !== undefined ? JSON.stringify(spec.body) : spec.rawBody;
    // A raw body goes to fetch in the attempt rather than through ky, which copies the request of every
    // attempt: a tee of the body that holds every chunk of a stream or file for a copy never sent.
    // A stream also goes with fetch's redirect mode `error`: under `manual`, Node's fetch tees the body
    // for a redirect it would never follow with a stream, and holds every chunk until the answer
    // (nodejs/undici#4058). A redirect then fails inside fetch, and `followRedirects` reports it.
    const raw: RequestInit | undefined =
      spec.rawBody === undefined
        ? undefined
        : spec.rawBody instanceof ReadableStream
          ? ({ body: spec.rawBody, duplex: 'half', redirect: 'error' } as RequestInit)
          : { body: spec.rawBody };
    let attempt = -1;
    // The body is read inside the attempt, once: no tee, no second Response.
    let read: Response | undefined;
    let bytes: Uint8Array | undefined;
    // `token` is the token of the attempt under way, for redirects that must carry it on the URL.
    const redirects: RedirectContext = {
      policy: {
        trusted,
        crossOrigin: spec.crossOriginRedirects ?? options.crossOriginRedirects ?? 'refuse',
        maxRedirects,
      },
      credentialed: authenticate,
      replay: body instanceof ReadableStream ? 'stream' : body,
      scheme,
      token: undefined,
      secrets,
      fetch: send,
    };
    // ky times each attempt. The limit on the whole call is kept without a signal of its own, which ky
    // would join to its own with an `AbortSignal.any` on every request: an attempt that starts at the
    // deadline fails at once, one that ky's timer would let outlive it gets a guard of its own, and the
    // waits between attempts end at it (`kyRetryUntil`).
    const kyTimeout = Math.min(attemptTimeout, totalTimeout);
    const startedAt = Date.now();
    const deadline = startedAt + totalTimeout;
    let totalSpent = false;
    // The body is read inside the fetch that ky times, so one window covers an attempt from sending to
    // the last byte, and a connection that breaks mid-body is retried like one that broke before the headers.
    const onResponse = hooks?.onResponse;
    const fetchAttempt: typeof fetch = async (input, init) => {
      const current = ++attempt;
      const left = deadline - Date.now();
      if (left <= 0) {
        totalSpent = true;
        throw fail(undefined);
      }
      if (left < kyTimeout) return guarded(input as Request, init, current, left);
      return attemptOnce(input as Request, init, current);
    };
    // An attempt that ky's timer would let run past the call's deadline: a signal of its own ends it there.
    const guarded = async (input: Request, init: RequestInit | undefined, current: number, left: number) => {
      const guard = new AbortController();
      const follow = () => guard.abort(input.signal.reason);
      input.signal.addEventListener('abort', follow, { once: true });
      const timer = setTimeout(() => {
        totalSpent = true;
        guard.abort();
      }, left);
      try {
        return await attemptOnce(new Request(input, { signal: guard.signal }), init, current);
      } finally {
        clearTimeout(timer);
        // A streamed body is read after the call has returned, and the caller's signal must still end it.
        if (buffered) input.signal.removeEventListener('abort', follow);
      }
    };
    const attemptOnce = async (input: Request, init: RequestInit | undefined, current: number) => {
      const sentAt = onResponse ? performance.now() : 0;
      const response = await followRedirects(
        redirects,
        input,
        raw === undefined ? init : { ...init, ...raw },
      );
      // Built and awaited only when there is an observer: without one an attempt awaits nothing extra.
      const report =
        onResponse &&
        (() =>
          onResponse({
            ...where(),
            attempt: current,
            status: response.status,
            durationMs: performance.now() - sentAt,
          }));
      if (!response.ok) {
        // Read here, inside the attempt's window, for the error that ky raises on this response.
        await readErrorBody(response, input.signal, where);
      }
      try {
        if (buffered && response.ok) {
          bytes = await readBody(response.body, { maxBytes, signal: input.signal, where });
          read = response;
        }
      } catch (error) {
        if (report) await report();
        if (ConnectionError.isInstance(error) && retryable && current < retry.limit) {
          throw new ForceRetryError({ code: 'BODY_INTERRUPTED', cause: error });
        }
        throw error;
      }
      if (report) await report();
      return response;
    };

    const fail = (error: unknown) =>
      toCoreError(error, {
        ...where(),
        call,
        attemptTimeout,
        totalTimeout,
        totalSpent,
        startedAt,
        names,
        secrets,
      });
    const prepare = async (request: Request, attempt: number): Promise<Request> => {
      const added = await hooks?.onRequest?.({ ...where(), attempt });
      if (added) addHookHeaders(request.headers, added, scheme);
      if (!authenticate || fixed) return request;
      const value = await resolveToken(token);
      redirects.token = value;
      if (value === undefined) return request;
      if (!secrets.includes(value)) secrets.push(value);
      return applyAuth(request, scheme, value);
    };

    // Only what this call needs is handed to ky: it merges every option it gets on every call.
    const kyOptions: KyOptions & { duplex?: 'half' } = {
      headers: headersFor(spec, call, authenticate),
      fetch: fetchAttempt,
      timeout: kyTimeout,
      retry: retryable ? kyRetryUntil(retry, method, deadline) : NO_RETRY,
      redirect: 'manual',
    };
    // ky joins a caller's signal to its own, and ends a wait between retries with it.
    if (call.signal) kyOptions.signal = call.signal;
    if (method !== 'GET') kyOptions.method = method;
    if (body !== undefined && raw === undefined) kyOptions.body = body;
    if (dynamic || hooks?.onRequest || hooks?.onRetry) {
      const onRetry = hooks?.onRetry;
      kyOptions.hooks = {
        // ky runs these before every attempt, retries included.
        beforeRequest: [(request, _options, { retryCount }) => prepare(request, retryCount)],
        beforeRetry: onRetry
          ? [
              async ({ error, retryCount }) => {
                // A wait that ran to the call's limit is followed by no retry, only the call's TimeoutError.
                if (Date.now() >= deadline) return;
                await onRetry({ ...where(), attempt: retryCount, error: fail(error) });
              },
            ]
          : [],
      };
    }

    let response: Response;
    try {
      response = await ky(url, kyOptions);
    } catch (error) {
      throw fail(error);
    }

    let payload: unknown = response.body;
    if (buffered) {
      const text = read === response && bytes ? decoder.decode(bytes) : '';
      payload = spec.responseType === 'text' ? text : parseJson(text, where, spec.parseJson);
    }
    const meta = readMeta(response, names, warningsOf(payload));
    const unwrapped = spec.unwrap ? spec.unwrap(payload, meta) : { data: payload, meta: meta as M };
    const data =
      spec.schema && (call.validateResponse ?? options.validateResponses ?? true)
        ? await validateResponse(spec.schema, unwrapped.data, where, secrets)
        : (unwrapped.data as T);
    return { data, meta: unwrapped.meta };
  }

  const transport: Transport & InternalTransport & { [inspectSymbol]: () => Record<string, unknown> } = {
    baseUrl: base,
    request: (spec, call = {}) => new ApiPromise(execute(spec, call)),
    [sendRequest]: execute,
    toJSON: description,
    [inspectSymbol]: description,
  };
  return transport;
}

/** The transport's own sending, for core's operations: the result without an `ApiPromise` around it. */
export const sendRequest: unique symbol = Symbol('sendRequest');

/** What `createTransport` adds to the public `Transport` for core's own use. */
export interface InternalTransport {
  /** Sends one request like `request`, resolving to the payload and its metadata. */
  readonly [sendRequest]: <T, M extends ResponseMeta>(
    spec: RequestSpec<T, M>,
    call: RequestOptions,
  ) => Promise<ApiResult<T, M>>;
}

/** Ky's retry settings of a call that is never retried. */
const NO_RETRY: KyRetryOptions = { limit: 0 };

/** A copy of `start` with each layer applied in order, names in lower case; `undefined` removes a header. */
function layered(
  start: Readonly<Record<string, string>>,
  layers: ReadonlyArray<Readonly<Record<string, string | undefined>> | undefined>,
): Record<string, string> {
  const headers: Record<string, string> = { ...start };
  for (const layer of layers) {
    for (const name in layer) {
      const value = layer[name];
      if (value === undefined) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
  }
  return headers;
}

/** The URL of a call: a string unless query parameters need a URL object. */
function buildUrl(address: string, spec: RequestSpec<unknown, ResponseMeta>): string | URL {
  const { query, blocking } = spec;
  if (!query && !blocking) return address;
  const url = new URL(address);
  const params = url.searchParams;
  for (const [key, value] of toSearchParams(query)) params.append(key, value);
  if (blocking) {
    if (blocking.index !== undefined) params.set('index', String(blocking.index));
    if (blocking.waitMs !== undefined) params.set('wait', formatWait(blocking.waitMs));
    if (blocking.consistency === 'stale') params.set('stale', 'true');
    if (blocking.consistency === 'consistent') params.set('consistent', 'true');
  }
  return url;
}

/** The fetch each hop goes through, marking what fetch itself failed with as a network failure. */
function sender(custom: typeof fetch | undefined): typeof fetch {
  return async (input, init) => {
    try {
      return await (custom ?? globalThis.fetch)(input, init);
    } catch (error) {
      // fetch reports a network failure as a TypeError; anything else it throws is something else.
      if (error instanceof TypeError) markFetchFailure(error);
      throw error;
    }
  };
}

// Headers that carry credentials: only the client's token and the caller's own headers may set them.
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

function addHookHeaders(target: Headers, added: HookHeaders, scheme: AuthScheme): void {
  checkHeaders(added, 'onRequest', 'hook headers');
  for (const [name, value] of Object.entries(added)) {
    const lower = name.toLowerCase();
    if (CREDENTIAL_HEADERS.has(lower) || (scheme.type === 'header' && lower === scheme.name.toLowerCase())) {
      throw new RequestValidationError('hook headers', [
        {
          path: `onRequest.${name}`,
          message: 'carries a credential; hooks may add headers but never set or replace a credential',
        },
      ]);
    }
    target.set(name, value);
  }
}

/** Reads an error response's body for its message; one that is too large or breaks off counts as empty. */
async function readErrorBody(
  response: Response,
  signal: AbortSignal,
  where: () => { method: string; url: string },
): Promise<void> {
  try {
    const bytes = await readBody(response.body, { maxBytes: MAX_ERROR_BYTES, signal, where });
    errorBodies.set(response, decoder.decode(bytes));
  } catch {
    // The status still says what went wrong.
  }
}

interface ErrorContext {
  readonly method: string;
  readonly url: string;
  readonly call: RequestOptions;
  readonly attemptTimeout: number;
  readonly totalTimeout: number;
  /** The call's own limit ran out: whatever ky made of it, the answer is a time-out. */
  readonly totalSpent: boolean;
  readonly startedAt: number;
  readonly names: { readonly requestId: string };
  readonly secrets: readonly string[];
}

/** Maps whatever ky or fetch threw to core's hierarchy, keeping no request, headers or options. */
function toCoreError(error: unknown, context: ErrorContext): InfraSdkError {
  // Once the call's limit has ended an attempt, whatever that attempt failed with is the limit's doing.
  if (context.totalSpent && !context.call.signal?.aborted) return timeoutError(context, true);
  // A body that broke mid-way is retried through ky; once the retries are spent, its own error is the answer.
  if (error instanceof ForceRetryError && InfraSdkError.isInstance(error.cause)) return error.cause;
  if (InfraSdkError.isInstance(error)) return error;
  const { method, url, secrets, call } = context;
  if (call.signal?.aborted) return new AbortError('The request was aborted', { cause: call.signal.reason });
  if (error instanceof HTTPError) {
    const { response } = error;
    return errorFromResponse(
      { status: response.status, headers: response.headers, data: errorBodies.get(response) },
      { method, url, requestIdHeader: context.names.requestId, secrets },
    );
  }
  if (error instanceof KyTimeoutError) {
    // An attempt's limit and the call's may run out together; the clock tells which one it was.
    return timeoutError(context, Date.now() - context.startedAt >= context.totalTimeout);
  }
  // Only what fetch itself failed with is a network failure; anything else is reported as it is.
  const network = isFetchFailure(error) ? error : undefined;
  if (network !== undefined) {
    const raw = network instanceof Error ? (network.cause ?? network) : network;
    return new ConnectionError(describeCause(network, secrets), {
      method,
      url,
      cause: scrubCause(raw, secrets),
    });
  }
  const message = redactText(error instanceof Error ? error.message : String(error), secrets);
  return new InfraSdkError(message, { cause: scrubCause(error, secrets) });
}

/** The TimeoutError of an attempt's limit, or with `total` of the whole call's. */
function timeoutError(context: ErrorContext, total: boolean): TimeoutError {
  return new TimeoutError(
    total ? context.totalTimeout : context.attemptTimeout,
    total ? 'the call, retries included, did not finish' : 'no response arrived',
    { method: context.method, url: context.url },
  );
}

function describeCause(cause: unknown, secrets: readonly string[]): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  const code = (inner as { code?: unknown } | undefined)?.code;
  const text = inner instanceof Error ? redactText(inner.message, secrets) : 'network failure';
  return `the service could not be reached (${typeof code === 'string' ? `${code}: ` : ''}${text})`;
}

/**
 * A copy of a cause that keeps its name, code, message and stack with every secret taken out: runtime
 * errors may quote a URL or a header, and errors end up in logs.
 */
function scrubCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(cause instanceof Error)) return typeof cause === 'string' ? redactText(cause, secrets) : cause;
  const inner =
    depth < 8 && cause.cause !== undefined ? scrubCause(cause.cause, secrets, depth + 1) : undefined;
  const copy = new Error(
    redactText(cause.message, secrets),
    inner === undefined ? undefined : { cause: inner },
  );
  Object.defineProperty(copy, 'name', { value: cause.name, enumerable: false, configurable: true });
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') (copy as { code?: unknown }).code = code;
  copy.stack = redactText(cause.stack ?? '', secrets);
  return copy;
}

interface HeaderNames {
  readonly requestId: string;
  readonly index?: string | undefined;
  readonly knownLeader?: string | undefined;
  readonly lastContact?: string | undefined;
  readonly nextToken?: string | undefined;
}

function readMeta(response: Response, names: HeaderNames, warnings: string[]): ResponseMeta {
  const { headers } = response;
  const leader = headerValue(headers, names.knownLeader);
  // Copying every header costs more than the rest of the metadata: done once, when first asked for.
  let copy: Record<string, string> | undefined;
  return {
    status: response.status,
    requestId: headerValue(headers, names.requestId),
    index: headerNumber(headers, names.index),
    knownLeader: leader === undefined ? undefined : leader === 'true',
    lastContact: headerNumber(headers, names.lastContact),
    nextToken: headerValue(headers, names.nextToken) || undefined,
    warnings,
    get headers() {
      if (!copy) {
        copy = {};
        for (const [key, value] of headers) copy[key] = value;
      }
      return copy;
    },
  };
}

function headerValue(headers: Headers, name: string | undefined): string | undefined {
  return name === undefined ? undefined : (headers.get(name) ?? undefined);
}

function headerNumber(headers: Headers, name: string | undefined): number | undefined {
  const value = headerValue(headers, name);
  const parsed = value ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

const decoder = new TextDecoder();

function parseJson(
  text: string,
  where: () => { method: string; url: string },
  parse: (text: string) => unknown = JSON.parse,
): unknown {
  try {
    return parse(text);
  } catch {
    if (text.trim() === '') return undefined;
    // The parser's message quotes the body, which may hold secrets: say where, not what.
    throw new ResponseValidationError('invalid-json', 'The response body is not valid JSON', where());
  }
}

function warningsOf(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const warnings = (payload as { warnings?: unknown }).warnings;
  return Array.isArray(warnings) ? warnings.filter((item): item is string => typeof item === 'string') : [];
}

/** `value` as an http(s) URL; the errors name `option` (`trustedOrigins` holds a list of them). */
function parseHttpUrl(value: string, option: 'baseUrl' | 'trustedOrigins'): URL {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    const what = option === 'baseUrl' ? 'be an absolute http(s) URL' : 'hold absolute http(s) URLs';
    throw new TypeError(`${option} must ${what}, not "${redactUrl(value)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${option} must use http or https, not ${url.protocol}`);
  }
  return url;
}

function parseBaseUrl(value: string): string {
  const url = parseHttpUrl(value, 'baseUrl');
  if (url.username || url.password || url.search || url.hash) {
    throw new TypeError('baseUrl must not carry credentials, a query or a fragment');
  }
  return url.href.replace(/\/+$/, '');
}

function normalisePrefix(prefix: string | undefined): string {
  if (!prefix) return '';
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}
