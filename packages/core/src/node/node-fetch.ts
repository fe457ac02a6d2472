// The Node transport: Node's own fetch, sent through an undici dispatcher that carries the TLS
// settings, the proxy and the connection pool. undici's exported fetch would not do: it rejects the
// global Request objects ky passes in, and its Responses are not the global class; Node's fetch accepts
// a dispatcher from the undici package (undici 7 speaks both handler protocols).
import type { Dispatcher } from 'undici';
import { checkOptions, type OwnOptionKeys } from '../option-keys.js';
import { createDispatcher } from './dispatcher.js';
import { type ProxyRoutes, parseProxy, readProxyEnv } from './proxy-env.js';
import { proxyTls, serviceTls, type TlsOptions, tlsOptionKeys } from './tls.js';

/** Options of {@link createNodeFetch}: TLS of the services' connections, the proxy, the pool. */
export interface NodeFetchOptions extends TlsOptions {
  /**
   * The proxy every request goes through: `http://[user:password@]host:port` (or `https://`). The
   * proxy's credentials come only from this address. Left out, the environment decides, as for
   * `fromEnv()`: `HTTP_PROXY` for `http:` services, `HTTPS_PROXY` for `https:` ones (falling back to
   * `HTTP_PROXY`), except the hosts `NO_PROXY` lists; lower-case names first. `false`: no proxy.
   *
   * Two differences from the services' Go clients, as with Node's, Bun's and Deno's own support for
   * these variables: an `https:` service with only `HTTP_PROXY` set goes through that proxy (Go's go
   * direct), and loopback addresses (`localhost`, `127.0.0.1`) go through the proxy unless `NO_PROXY`
   * lists them (Go's never proxy them).
   */
  readonly proxy?: string | URL | false | undefined;
  /**
   * Hosts reached without the proxy, in NO_PROXY's syntax (`.corp.example,10.0.0.7,registry:8443`, or
   * `*`). With `proxy` left out it replaces `NO_PROXY`; with a proxy address nothing is excluded
   * unless it is given here.
   */
  readonly noProxy?: string | undefined;
  /** Connections kept per origin (and per proxy). Default: no limit. */
  readonly connections?: number | undefined;
  /** `false` opens a connection per request and closes it after the answer. Default true. */
  readonly keepAlive?: boolean | undefined;
  /**
   * Milliseconds an idle connection stays open for the next request, unless the server asks for
   * less (`Keep-Alive: timeout=...`). Default 4 000.
   */
  readonly keepAliveTimeout?: number | undefined;
}

const nodeFetchOwnKeys = {
  proxy: 1,
  noProxy: 1,
  connections: 1,
  keepAlive: 1,
  keepAliveTimeout: 1,
} as const satisfies OwnOptionKeys<NodeFetchOptions, TlsOptions>;

/** A fetch bound to its own connection pool; close it when the clients that use it are done. */
export type NodeFetch = typeof fetch & {
  /** Lets in-flight requests finish, then closes the pooled connections; later calls fail. */
  close(): Promise<void>;
  /** Same as `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
};

/**
 * Returns a fetch for the `fetch` option of any client in Node: custom TLS (CA, client certificate,
 * servername), a proxy (given, or from HTTP_PROXY/HTTPS_PROXY/NO_PROXY), the pool's size and keep-alive.
 *
 * @example
 * ```ts compile-only
 * import { createTransport } from '@infra-sdk/core';
 * import { createNodeFetch, readTlsFiles } from '@infra-sdk/core/node';
 *
 * await using nodeFetch = createNodeFetch({
 *   ...(await readTlsFiles({ ca: 'ca.pem', cert: 'client.pem', key: 'client-key.pem' })),
 *   servername: 'secrets.internal',
 *   proxy: 'http://proxy.corp:3128', // or leave it out: HTTP_PROXY, HTTPS_PROXY, NO_PROXY decide
 *   connections: 8,
 * });
 * const secrets = createTransport({ baseUrl: 'https://10.0.0.5:8200', fetch: nodeFetch });
 * console.log(await secrets.request({ method: 'GET', path: '/v1/sys/health' }));
 * ```
 * @throws {TypeError} when `cert` comes without `key` (or the reverse), `passphrase` without `key`, or
 *   the proxy address is not `http(s)://` (the address is not repeated in the message).
 * @throws {RangeError} when `connections` or `keepAliveTimeout` is not a positive number.
 * @throws {InfraSdkError} when `proxy` is left out and a proxy variable holds no `http(s)` address.
 * @throws {RequestValidationError} when `options` holds a key that is not an option, naming the nearest
 *   one, or the options to give at the top level (`{ https: { ca } }` is `{ ca }`).
 */
export function createNodeFetch(options: NodeFetchOptions = {}): NodeFetch {
  checkOptions(options, [tlsOptionKeys, nodeFetchOwnKeys], 'createNodeFetch options');
  const connect = serviceTls(options);
  return fetchThrough(
    createDispatcher({
      connect,
      proxyConnect: proxyTls(options),
      routes: routesOf(options),
      connections: positive('connections', options.connections, true),
      keepAlive: options.keepAlive,
      keepAliveTimeout: positive('keepAliveTimeout', options.keepAliveTimeout, false),
    }),
  );
}

/** The fetch `fromEnv()` uses in Node when a proxy variable is set: those proxies, the runtime's TLS. */
export function proxyFetch(routes: ProxyRoutes): NodeFetch {
  return fetchThrough(createDispatcher({ routes }));
}

function fetchThrough(dispatcher: Dispatcher): NodeFetch {
  const send = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    try {
      return await globalThis.fetch(input, { ...init, dispatcher } as RequestInit);
    } catch (error) {
      throw proxyRefusal(error) ?? error;
    }
  };
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= dispatcher.close();
    return closed;
  };
  return Object.assign(send, { close, [Symbol.asyncDispose]: close });
}

// undici's words for a proxy that would not pass a request on: to a request in absolute form, and to CONNECT.
const PROXY_REFUSAL = /Proxy Authentication Required \((\d{3})\)|Proxy response \((\d{3})\) !== 200/;

/**
 * fetch's failure when the proxy refused the request, said plainly at the top of the cause chain
 * (fetch buries undici's words under a "Request was cancelled"); undefined for any other failure.
 */
function proxyRefusal(error: unknown): TypeError | undefined {
  let cause = error;
  for (let depth = 0; cause instanceof Error && depth < 4; depth++, cause = cause.cause) {
    const status = PROXY_REFUSAL.exec(cause.message)?.slice(1).find(Boolean);
    if (status === undefined) continue;
    const advice =
      status === '407'
        ? ': it wants credentials, given in the proxy address (http://user:password@host:port)'
        : '';
    return new TypeError('fetch failed', {
      cause: new Error(`the proxy answered ${status} instead of passing the request on${advice}`, { cause }),
    });
  }
  return undefined;
}

function routesOf({ proxy, noProxy }: NodeFetchOptions): ProxyRoutes | undefined {
  if (proxy === false) return undefined;
  if (proxy === undefined) {
    const fromEnv = readProxyEnv();
    return fromEnv && noProxy !== undefined ? { ...fromEnv, noProxy } : fromEnv;
  }
  // Never echoed: the address may carry the proxy's password.
  const url = parseProxy(String(proxy));
  if (url === undefined) {
    throw new TypeError(
      'createNodeFetch: `proxy` must be an http:// or https:// address, such as http://proxy.example:3128',
    );
  }
  return { http: url, https: url, noProxy: noProxy ?? '' };
}

function positive(name: string, value: number | undefined, whole: boolean): number | undefined {
  if (value === undefined) return undefined;
  if (!(value > 0 && Number.isFinite(value)) || (whole && !Number.isSafeInteger(value))) {
    throw new RangeError(
      `createNodeFetch: \`${name}\` must be a ${whole ? 'whole number' : 'number of milliseconds'} above 0, not ${value}`,
    );
  }
  return value;
}
