// What every client shares: one transport per client built from the service's profile plus the
// user's options, the `request()` escape hatch, and environment lookup for `fromEnv()`.
import type { AuthScheme, TokenSource } from './auth.js';
import { RequestValidationError } from './errors.js';
import { type HeadersInput, readHeaders } from './header-values.js';
import type { TransportHooks } from './hooks.js';
import { ApiPromise, type ResponseMeta } from './meta.js';
import type { Query } from './query.js';
import type { CrossOriginRedirects } from './redirect.js';
import type { RequestOptions, ResponseType } from './request-spec.js';
import type { RetryInput } from './retry.js';
import type { StandardSchemaV1 } from './schema.js';
import { createTransport, type Transport } from './transport.js';
import type { MetaHeaderNames, TransportOptions } from './transport-options.js';

/** Options every client factory accepts. */
export interface ClientOptions {
  /** Address of the service. */
  readonly baseUrl: string;
  /** A token, or a function called before every attempt that returns the current one. */
  readonly token?: TokenSource;
  /** Headers sent with every request, in any shape `HeadersInput` names. */
  readonly headers?: HeadersInput;
  /** Appended to the client's own `User-Agent`. */
  readonly userAgent?: string;
  /** A fetch to use instead of the global one, e.g. from `@infra-sdk/core/node` for custom TLS. */
  readonly fetch?: typeof fetch;
  /** Per-attempt time limit in ms. Default 30 000. */
  readonly timeout?: number;
  /** Limit in ms on a whole call, retries included. Default 120 000. */
  readonly totalTimeout?: number;
  /** Retry policy; `false` turns retries off. */
  readonly retry?: RetryInput;
  /** Observers of requests, responses and retries (URLs redacted). */
  readonly hooks?: TransportHooks;
  /** Check responses against their schemas. Default true. */
  readonly validateResponses?: boolean;
  /** Largest response body read into memory, in bytes. Default 64 MiB. */
  readonly maxResponseBytes?: number;
  /** Extra ms a blocking query may take beyond its wait and the server's wait/16. Default 5 000. */
  readonly blockingMargin?: number;
  /**
   * Other origins that are part of the service (`https://standby.example:8200`): a redirect there keeps
   * the token, the service headers and the body. Any other origin never receives them.
   */
  readonly trustedOrigins?: readonly string[];
  /** Redirects followed in a row. Default 5. */
  readonly maxRedirects?: number;
}

/** What a client knows about its service. */
export interface ServiceProfile {
  /** Package name and version, sent as the user agent. */
  readonly packageName: string;
  /** Version of that package, sent after its name in the user agent. */
  readonly packageVersion: string;
  /** Path every route of the service starts with, e.g. `/v1`. */
  readonly pathPrefix: string;
  /** Where the token goes unless the user chooses otherwise. */
  readonly auth: AuthScheme;
  /** Response headers in which the service sends its metadata (index, leader, request id). */
  readonly metaHeaders?: MetaHeaderNames;
  /** Headers the service always wants. */
  readonly headers?: Readonly<Record<string, string>>;
  /** What a redirect to an untrusted origin does. Default `refuse`. */
  readonly crossOriginRedirects?: CrossOriginRedirects;
}

/** Builds the transport of one client from its service profile and the user's options. */
export function createServiceTransport(
  profile: ServiceProfile,
  options: ClientOptions & { readonly auth?: AuthScheme },
): Transport {
  const agent = `${profile.packageName}/${profile.packageVersion}`;
  // The client options carry the transport's names; an option left out reaches it as undefined, which
  // the transport reads as its default.
  return createTransport({
    ...options,
    pathPrefix: profile.pathPrefix,
    auth: options.auth ?? profile.auth,
    headers: { ...profile.headers, ...readHeaders(options.headers, 'headers', 'client options') },
    userAgent: options.userAgent ? `${agent} ${options.userAgent}` : agent,
    metaHeaders: profile.metaHeaders,
    crossOriginRedirects: profile.crossOriginRedirects,
  } as TransportOptions);
}

/** A request to an endpoint the typed surface does not cover yet. */
export interface RawRequest<T = unknown> {
  /** HTTP method, e.g. `GET`. */
  readonly method: string;
  /** Path under the service prefix, starting with `/`; encode parameters with `path` or `encodePathSegment`. */
  readonly path: string;
  /** Query parameters; `undefined` and `null` values are left out, lists repeat the key. */
  readonly query?: Query;
  /** A JSON body; `undefined` sends none. */
  readonly body?: unknown;
  /** Extra headers for this request, in any shape `HeadersInput` names. */
  readonly headers?: HeadersInput;
  /** How the payload is read; default `json`. */
  readonly responseType?: ResponseType;
  /** Validates (and may transform) the payload before it is returned. */
  readonly schema?: StandardSchemaV1<unknown, T>;
}

/**
 * Any method and path under the service's prefix: sends a raw request through a client's transport
 * (`transport.send`: the same auth, retries and errors); refuses paths that could escape the prefix.
 */
export function sendRawRequest<T = unknown>(
  transport: Transport,
  request: RawRequest<T>,
  options?: RequestOptions,
): ApiPromise<T, ResponseMeta> {
  const problem = checkRawPath(request.path);
  if (problem) {
    // Rejected, not thrown, so callers handle it like every other failure of a call.
    return new ApiPromise(
      Promise.reject(new RequestValidationError('request path', [{ path: 'path', message: problem }])),
    );
  }
  const sent = transport.send<T>(
    {
      method: request.method,
      path: request.path,
      ...(request.query === undefined ? {} : { query: request.query }),
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.headers === undefined ? {} : { headers: request.headers }),
      ...(request.responseType === undefined ? {} : { responseType: request.responseType }),
      ...(request.schema === undefined ? {} : { schema: request.schema }),
    },
    options,
  );
  return new ApiPromise(sent);
}

function checkRawPath(path: string): string | undefined {
  if (!path.startsWith('/')) return `must start with "/", got "${path}"`;
  if (/[?#]/.test(path)) return 'must not contain "?" or "#"; pass query parameters as `query`';
  for (const segment of path.split('/').slice(1)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return `has a malformed percent-encoding in "${segment}"`;
    }
    if (decoded === '.' || decoded === '..') return 'must not contain "." or ".." segments';
  }
  return undefined;
}
