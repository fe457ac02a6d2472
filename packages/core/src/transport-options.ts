// The first step of the request path: a transport's options, checked once and turned into the settings
// every call reads (`TransportConfig`). Nothing here changes after the transport is made.
import type { AuthScheme, TokenSource } from './auth.js';
import type { ClientOptions } from './client.js';
import { type Clock, systemClock } from './clock.js';
import { type DebugSetting, debugHooks, joinHooks } from './debug.js';
import { checkToken, type HeadersInput, readHeaders } from './header-values.js';
import type { TransportHooks } from './hooks.js';
import { hopFetch } from './hop-fetch.js';
import { createLog, type LogFunction, type Logger, type LogLevelSetting, logs } from './log.js';
import { checkOptions, type OptionKeys, type OwnOptionKeys } from './option-keys.js';
import { createRateLimiter, type RateLimit, type RateLimiter } from './rate-limit.js';
import type { CrossOriginRedirects } from './redirect.js';
import { type ResolvedRetry, type RetryInput, resolveRetry } from './retry.js';
import { normalisePrefix, parseBaseUrl, parseHttpUrl } from './url.js';

/** Response headers that carry metadata; each service names its own. */
export interface MetaHeaderNames {
  /** Default `x-request-id`. */
  readonly requestId?: string | undefined;
  /** Header with the blocking-query index. */
  readonly index?: string | undefined;
  /** Header that says whether the server knows a leader. */
  readonly knownLeader?: string | undefined;
  /** Header with the milliseconds since the server last heard from the leader. */
  readonly lastContact?: string | undefined;
  /** Header with the token of the next page. */
  readonly nextToken?: string | undefined;
}

/** How a client reaches its service. */
export interface TransportOptions {
  /**
   * Address of the service, an absolute `http(s)` URL, e.g. `https://scheduler.example:4646`. A path is
   * kept (`https://gateway.example/scheduler`: routes go under it); an address with credentials
   * (`https://user:pass@host`), a query or a fragment is refused with a `TypeError`.
   */
  readonly baseUrl: string;
  /** Path every route starts with, e.g. `/v1` or `/api/v1`. */
  readonly pathPrefix?: string | undefined;
  /**
   * A token, or a function (sync or async) called before every attempt that returns the current one, so
   * a rotated token is picked up by the next attempt. Leave it out for anonymous use; a provider may
   * return `undefined` for the same. What is refused, and when: {@link TokenSource}.
   */
  readonly token?: TokenSource | undefined;
  /** Where the token goes. Default `Authorization: Bearer`. */
  readonly auth?: AuthScheme | undefined;
  /** Headers sent with every request, in any shape `HeadersInput` names. */
  readonly headers?: HeadersInput | undefined;
  /** `User-Agent` to send (ignored by browsers). */
  readonly userAgent?: string | undefined;
  /** A fetch to use instead of the global one, e.g. `createNodeFetch()` from `@infra-sdk/core/node` (TLS, proxies). */
  readonly fetch?: typeof fetch | undefined;
  /**
   * Per-attempt time limit in ms. Default 30 000. One window covers the attempt from sending to the last
   * byte of a buffered body: every redirect hop and the reading of the body are inside it, and a
   * connection that breaks mid-body is retried like one that broke before the headers. The body of an
   * error answer is then read, up to 10 MiB, in a further window of the same length (cut short by
   * `totalTimeout`, which then ends the call with a `TimeoutError`); one that is larger or slower is left
   * unread, and the error keeps its status without the body. A blocking query's
   * attempts are limited to `wait + wait/16 + blockingMargin` instead.
   */
  readonly timeout?: number | undefined;
  /** Limit in ms on a whole call, retries and waits included. Default 120 000. */
  readonly totalTimeout?: number | undefined;
  /** Extra ms a blocking query may take beyond its wait and the server's wait/16 jitter. Default 5 000. */
  readonly blockingMargin?: number | undefined;
  /** Retry policy. Default: 2 retries of reads on 408, 429, 5xx, timeouts and connection failures. */
  readonly retry?: RetryInput | undefined;
  /** Largest response body read into memory, in bytes. Default 64 MiB. */
  readonly maxResponseBytes?: number | undefined;
  /** Check responses against their schemas. Default true. */
  readonly validateResponses?: boolean | undefined;
  /** Response headers that carry metadata. */
  readonly metaHeaders?: MetaHeaderNames | undefined;
  /** Observers of requests, responses and retries (URLs redacted). */
  readonly hooks?: TransportHooks | undefined;
  /**
   * Where the client's log lines go: a function of `(level, line, fields)`, or an object with a method
   * per level (`console`, a pino or winston logger). Default: the console. The lines: the third failure
   * in a row of a watch, stream or keeper (`warn`), its recovery (`info`), and with `logLevel: 'debug'`
   * a line per request, response and retry. None carries a token.
   */
  readonly logger?: Logger | undefined;
  /**
   * The least a line must matter to be written: `debug`, `info`, `warn` (default), `error`, or `silent`
   * (`off`) for nothing. A client's `fromEnv()` reads it from `<PREFIX>_LOG_LEVEL`.
   */
  readonly logLevel?: LogLevelSetting | undefined;
  /**
   * Logs a line per request, response and retry: method, redacted URL, status, attempt, duration and
   * request id. `true` is `logLevel: 'debug'` for these lines; `{ logger, bodies }` chooses their logger
   * and adds masked bodies. A client's `fromEnv()` turns it on from `INFRA_SDK_DEBUG` (`1`, `true` or
   * `bodies`).
   */
  readonly debug?: DebugSetting | undefined;
  /**
   * Other origins that are part of the service (e.g. `https://standby.example:8200`): redirects there
   * keep the token, the service headers and the body, like redirects within `baseUrl`'s origin.
   */
  readonly trustedOrigins?: readonly string[] | undefined;
  /** What a redirect to an origin that is neither `baseUrl`'s nor trusted does. Default `refuse`. */
  readonly crossOriginRedirects?: CrossOriginRedirects | undefined;
  /** Redirects followed in a row. Default 5. */
  readonly maxRedirects?: number | undefined;
  /**
   * Where the client reads the time and waits: `meta.durationMs` and the rate limiter's pauses.
   * Default `systemClock`; a test passes `createTestClock()` from `@infra-sdk/core/testing`.
   */
  readonly clock?: Clock | undefined;
  /**
   * The client's own request rate (vault's `Config.Limiter`): every attempt of every call of this
   * client (retries, redirects' first hops, watches, streams and keepers included) waits for a slot,
   * by `clock`, so a batch job stays under the service's limit instead of earning 429s. A 429 or 503
   * with `Retry-After` (up to `retry.maxRetryAfterMs`) also holds back the client's next slots until
   * then. For example `{ perSecond: 20 }` (evenly spaced) or `{ perSecond: 20, burst: 5 }`. Default:
   * no limit. A client's `fromEnv()` reads it from `<PREFIX>_RATE_LIMIT`.
   */
  readonly rateLimit?: RateLimit | undefined;
}

/** The keys of `ClientOptions`: a client's own options are checked against these and its own. */
export const clientOptionKeys = {
  baseUrl: 1,
  token: 1,
  headers: 1,
  fetch: 1,
  timeout: 1,
  totalTimeout: 1,
  retry: 1,
  hooks: 1,
  logger: 1,
  logLevel: 1,
  debug: 1,
  validateResponses: 1,
  maxResponseBytes: 1,
  blockingMargin: 1,
  trustedOrigins: 1,
  maxRedirects: 1,
  clock: 1,
  rateLimit: 1,
  userAgent: 1,
} as const satisfies OptionKeys<ClientOptions>;

/** The keys `TransportOptions` adds to `ClientOptions`. */
const transportOwnKeys = {
  pathPrefix: 1,
  auth: 1,
  metaHeaders: 1,
  crossOriginRedirects: 1,
} as const satisfies OwnOptionKeys<TransportOptions, ClientOptions>;

/** The keys of `TransportOptions`. */
export const transportOptionKeys = [clientOptionKeys, transportOwnKeys];

const metaHeaderKeys = {
  requestId: 1,
  index: 1,
  knownLeader: 1,
  lastContact: 1,
  nextToken: 1,
} as const satisfies OptionKeys<MetaHeaderNames>;

const hookKeys = { onRequest: 1, onResponse: 1, onRetry: 1 } as const satisfies OptionKeys<TransportHooks>;

/** Metadata header names in lower case, as `Headers` gives them. */
export interface MetaNames {
  readonly requestId: string;
  readonly index?: string | undefined;
  readonly knownLeader?: string | undefined;
  readonly lastContact?: string | undefined;
  readonly nextToken?: string | undefined;
}

/** A transport's settings, checked and with every default filled in. */
export interface TransportConfig {
  readonly options: TransportOptions;
  /** `baseUrl` without a trailing slash. */
  readonly base: string;
  /** `pathPrefix` with one leading slash, or `''`. */
  readonly prefix: string;
  readonly scheme: AuthScheme;
  readonly token: TokenSource | undefined;
  /** A string token in a header: it travels in `headers.ownWithToken`, not per attempt. */
  readonly fixedToken: boolean;
  /** Secrets every call redacts: the fixed token, when there is one. Frozen: calls share it. */
  readonly fixedSecrets: readonly string[];
  /**
   * The last few tokens handed out per attempt (by a provider, or a fixed one in the query), which
   * every later call redacts too. The one part of the settings that changes: attempts add to it.
   */
  readonly handedOut: string[];
  /** The origins of `baseUrl` and `trustedOrigins`, which receive credentials. */
  readonly trusted: ReadonlySet<string>;
  readonly trustedOrigins: readonly string[];
  readonly maxRedirects: number;
  readonly maxResponseBytes: number;
  readonly clock: Clock;
  /** The client's rate limiter, shared by all its calls; undefined without `rateLimit`. */
  readonly limiter: RateLimiter | undefined;
  /** The client's log, at its level; failures of its calls are noted as its (see `noteLog`). */
  readonly log: LogFunction;
  /** The hooks every attempt runs: the debug log's, then the caller's. */
  readonly hooks: TransportHooks | undefined;
  /** The fetch each hop goes through: the configured one, failures named as ky's NetworkError. */
  readonly fetch: typeof fetch;
  readonly names: MetaNames;
  /** The header layers every call shares, merged once, names in lower case. */
  readonly headers: {
    /** What any address gets: the user agent. */
    readonly anyAddress: Readonly<Record<string, string>>;
    /** What the service's origins get: the user agent and the client's headers. */
    readonly own: Readonly<Record<string, string>>;
    /** `own` with a fixed token in its header, when there is one. */
    readonly ownWithToken: Readonly<Record<string, string>>;
    /** The fixed token's header, name in lower case. */
    readonly token: readonly [string, string] | undefined;
  };
  /** The retry settings of a call: the client's, merged with the call's own. */
  readonly retryOf: (call: RetryInput | undefined) => ResolvedRetry;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;

/** Checks a transport's options and works out what every call shares. */
export function configure(options: TransportOptions): TransportConfig {
  checkOptions(options.hooks, hookKeys, 'hooks');
  checkOptions(options.metaHeaders, metaHeaderKeys, 'metaHeaders');
  const base = parseBaseUrl(options.baseUrl);
  const clock = options.clock ?? systemClock;
  const limiter = createRateLimiter(options.rateLimit, clock);
  const names: { requestId: string } & Record<string, string | undefined> = { requestId: 'x-request-id' };
  for (const [key, name] of Object.entries(options.metaHeaders ?? {}))
    if (name) names[key] = name.toLowerCase();
  const scheme: AuthScheme = options.auth ?? { type: 'bearer' };
  checkOptions(scheme, { type: 1, name: 1 }, 'auth');
  const { token, userAgent } = options;
  if (token !== undefined && typeof token !== 'function') checkToken(token);
  if (scheme.type === 'header') readHeaders({ [scheme.name]: '' }, 'auth.name', 'client options');
  const clientHeaders = readHeaders(options.headers, 'headers', 'client options');
  if (userAgent !== undefined) readHeaders({ 'user-agent': userAgent }, 'userAgent', 'client options');
  const trustedOrigins = (options.trustedOrigins ?? []).map(
    (value) => parseHttpUrl(value, 'trustedOrigins').origin,
  );
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  if (!Number.isSafeInteger(maxRedirects) || maxRedirects < 0) {
    throw new RangeError(`maxRedirects must be a whole number of 0 or more, not ${maxRedirects}`);
  }

  // A fixed token in a header travels with the shared headers; the query form and token providers are
  // applied per attempt.
  const fixedToken = typeof token === 'string' && scheme.type !== 'query';
  const anyAddress: Record<string, string> = userAgent ? { 'user-agent': userAgent } : {};
  const own = { ...anyAddress };
  for (const name in clientHeaders) {
    const value = clientHeaders[name];
    if (value !== undefined) own[name] = value;
  }
  const tokenHeader: [string, string] | undefined = fixedToken
    ? scheme.type === 'header'
      ? [scheme.name.toLowerCase(), token]
      : ['authorization', `Bearer ${token}`]
    : undefined;

  const level = options.logLevel ?? 'warn';
  const log = createLog(options.logger, level);

  // Worked out on first use, so that a bad retry option fails the call that uses it.
  let clientRetry: ResolvedRetry | undefined;
  const retryOf = (call: RetryInput | undefined): ResolvedRetry => {
    if (call !== undefined) return resolveRetry(options.retry, call);
    clientRetry ??= resolveRetry(options.retry);
    return clientRetry;
  };

  return {
    options,
    base,
    prefix: normalisePrefix(options.pathPrefix),
    scheme,
    token,
    fixedToken,
    fixedSecrets: Object.freeze(fixedToken ? [token] : []),
    handedOut: [],
    trusted: new Set([new URL(base).origin, ...trustedOrigins]),
    trustedOrigins,
    maxRedirects,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    clock,
    limiter,
    log,
    hooks: joinHooks(debugHooks(options.debug, log, options.logger, logs(level, 'debug')), options.hooks),
    fetch: hopFetch(options.fetch),
    names,
    headers: {
      anyAddress,
      own,
      ownWithToken: tokenHeader ? { ...own, [tokenHeader[0]]: tokenHeader[1] } : own,
      token: tokenHeader,
    },
    retryOf,
  };
}
