// What every client shares: one transport per client built from the service's profile plus the
// user's options, the `request()` escape hatch, and environment lookup for `fromEnv()`.
import type { AuthScheme } from './auth.js';
import { RequestValidationError } from './errors.js';
import { type HeadersInput, readHeaders } from './header-values.js';
import type { ApiPromise, ResponseMeta } from './meta.js';
import { type ClientCore, type OperationSpec, type ServiceRules, sendOperation } from './operation.js';
import { checkOptions, type KeySets, type OptionKeys } from './option-keys.js';
import type { Query } from './query.js';
import type { CrossOriginRedirects } from './redirect.js';
import { type RequestOptions, type ResponseType, requestOptionKeys } from './request-spec.js';
import type { StandardSchemaV1 } from './schema.js';
import { buildTransport, type Transport } from './transport.js';
import { clientOptionKeys, type MetaHeaderNames, type TransportOptions } from './transport-options.js';

/**
 * Options every client factory accepts: the transport's, with their documentation there, less what the
 * client sets itself (path prefix, auth scheme, metadata headers, cross-origin redirects).
 */
export interface ClientOptions
  extends Pick<
    TransportOptions,
    | 'baseUrl'
    | 'token'
    | 'headers'
    | 'fetch'
    | 'timeout'
    | 'totalTimeout'
    | 'retry'
    | 'hooks'
    | 'logger'
    | 'logLevel'
    | 'debug'
    | 'validateResponses'
    | 'maxResponseBytes'
    | 'blockingMargin'
    | 'trustedOrigins'
    | 'maxRedirects'
    | 'clock'
    | 'rateLimit'
  > {
  /** Appended to the client's own `User-Agent`. */
  readonly userAgent?: string | undefined;
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
  readonly metaHeaders?: MetaHeaderNames | undefined;
  /** Headers the service always wants. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** What a redirect to an untrusted origin does. Default `refuse`. */
  readonly crossOriginRedirects?: CrossOriginRedirects | undefined;
  /**
   * The keys the client's options add to `ClientOptions` (`{ namespace: 1 } satisfies
   * OwnOptionKeys<MyClientOptions, ClientOptions>`): with it, `createServiceTransport` refuses any
   * other key of the options it is given, naming the nearest known one, before anything is sent.
   */
  readonly optionKeys?: KeySets | undefined;
}

/**
 * Builds the transport of one client from its service profile and the user's options: the profile fixes
 * the prefix, auth scheme, metadata headers and user agent; the options are the user's `ClientOptions`.
 *
 * @example
 * ```ts
 * import { createServiceTransport } from '@infra-sdk/core';
 *
 * const transport = createServiceTransport(
 *   {
 *     packageName: 'my-mesh-client',
 *     packageVersion: '1.0.0',
 *     pathPrefix: '/v1',
 *     auth: { type: 'header', name: 'X-Mesh-Token' },
 *     metaHeaders: { index: 'X-Mesh-Index' },
 *   },
 *   { baseUrl: 'http://127.0.0.1:8500', token: process.env.MESH_TOKEN, timeout: 10_000 },
 * );
 * const core = { transport }; // a ClientCore: what sendOperation and sendRawRequest take
 * console.log(await transport.request({ method: 'GET', path: '/namespaces' }));
 * ```
 * @throws {TypeError} when `baseUrl` is not an absolute `http(s)` address, or carries credentials, a
 *   query or a fragment.
 * @throws {RequestValidationError} when `token` is `''` or unsendable, or `headers` cannot be sent; or,
 *   when the profile lists its `optionKeys`, when `options` holds a key that is not an option.
 */
export function createServiceTransport(
  profile: ServiceProfile,
  options: ClientOptions & { readonly auth?: AuthScheme | undefined },
): Transport {
  const own = profile.optionKeys;
  if (own) checkOptions(options, [clientOptionKeys, { auth: 1 }, own], 'client options');
  const agent = `${profile.packageName}/${profile.packageVersion}`;
  // The client options carry the transport's names; an option left out reaches it as undefined, which
  // the transport reads as its default.
  return buildTransport({
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
  readonly query?: Query | undefined;
  /** A JSON body; `undefined` sends none. */
  readonly body?: unknown;
  /** Extra headers for this request, in any shape `HeadersInput` names. */
  readonly headers?: HeadersInput | undefined;
  /** How the payload is read; default `json`. */
  readonly responseType?: ResponseType | undefined;
  /** Validates (and may transform) the payload before it is returned. */
  readonly schema?: StandardSchemaV1<unknown, T> | undefined;
}

const rawRequestKeys = {
  method: 1,
  path: 1,
  query: 1,
  body: 1,
  headers: 1,
  responseType: 1,
  schema: 1,
} as const satisfies OptionKeys<RawRequest>;

/**
 * Any method and path under the service's prefix: sends a raw request through a client's core, the
 * path of every operation (`sendOperation`), so it has the same auth, retries, errors and service rules
 * (`prepare`, `callOptions`, `mapError`). The payload is the body as the service sent it, envelope
 * included; the service's `unwrap` still runs for what it checks (a 2xx body that reports a failure is
 * refused) and for the metadata it adds. Paths that could escape the prefix are refused before sending.
 *
 * @example
 * ```ts
 * import { createServiceTransport, sendRawRequest } from '@infra-sdk/core';
 *
 * const core = {
 *   transport: createServiceTransport(
 *     { packageName: 'my-client', packageVersion: '1.0.0', pathPrefix: '/v1', auth: { type: 'bearer' } },
 *     { baseUrl: 'http://127.0.0.1:8500' },
 *   ),
 * };
 * const namespaces = await sendRawRequest<{ Name: string }[]>(core, { method: 'GET', path: '/namespaces' });
 * console.log(namespaces.map((namespace) => namespace.Name));
 * ```
 * @throws {RequestValidationError} before sending, when `path` has `.`/`..` segments, `?` or `#`, a
 *   header cannot be sent, `request` holds a key a raw request does not have, or `options` one the
 *   client's per-call options do not (when its rules list their `optionKeys`).
 * @throws {ApiError} (`NotFoundError`, `PermissionDeniedError`, ...) when the service answers an error
 *   status, mapped by the service's `mapError` if it has one.
 * @throws {ResponseValidationError} when the payload does not match `schema`, or is not JSON.
 * @throws {TimeoutError | ConnectionError | AbortError | RedirectError} as every call can.
 */
export function sendRawRequest<T = unknown, M extends ResponseMeta = ResponseMeta>(
  core: ClientCore<M>,
  request: RawRequest<T>,
  options?: RequestOptions,
): ApiPromise<T, M> {
  const own = core.rules?.optionKeys;
  return sendOperation(
    core,
    () => describeRaw(core.rules?.unwrap, request),
    options,
    own && [requestOptionKeys, own],
  );
}

function describeRaw<T, M extends ResponseMeta>(
  serviceUnwrap: ServiceRules<M>['unwrap'],
  request: RawRequest<T>,
): OperationSpec<T, M> {
  checkOptions(request, rawRequestKeys, 'raw request');
  const problem = checkRawPath(request.path);
  if (problem) throw new RequestValidationError('request path', [{ path: 'path', message: problem }]);
  const spec: OperationSpec<T, M> = {
    method: request.method,
    path: request.path,
    query: request.query,
    body: request.body,
    headers: request.headers,
    responseType: request.responseType,
    schema: request.schema,
    // The whole body stays the payload; what the service's unwrap refuses or adds to the metadata holds.
    unwrap: serviceUnwrap && ((body, meta) => ({ data: body, meta: serviceUnwrap(body, meta, spec).meta })),
  };
  return spec;
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
