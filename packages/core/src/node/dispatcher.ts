// The undici dispatcher behind the Node transport: one pool of connections per origin, straight to the
// service or through a proxy. undici's EnvHttpProxyAgent chooses the route of each request (its
// NO_PROXY matching included); this file only hands it the settings.
import { Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import type { ProxyRoutes } from './proxy-env.js';
import type { ConnectOptions } from './tls.js';

/** What a dispatcher is built from. */
export interface DispatcherSettings {
  /** TLS of the connections to the services; undefined keeps the runtime's defaults. */
  readonly connect?: ConnectOptions | undefined;
  /** TLS of a connection to an `https:` proxy; undefined keeps the runtime's defaults. */
  readonly proxyConnect?: ConnectOptions | undefined;
  /** The proxies; undefined for none. */
  readonly routes?: ProxyRoutes | undefined;
  /** Connections per origin; undefined for undici's default (no limit). */
  readonly connections?: number | undefined;
  /** false: a connection per request, closed after it. */
  readonly keepAlive?: boolean | undefined;
  /** Milliseconds an idle connection stays open for the next request. */
  readonly keepAliveTimeout?: number | undefined;
}

/** An undici dispatcher for Node's fetch (undici 7, the major inside Node 22 and 24). */
export function createDispatcher(settings: DispatcherSettings): Dispatcher {
  const pool = {
    ...(settings.connect === undefined ? {} : { connect: settings.connect }),
    ...(settings.connections === undefined ? {} : { connections: settings.connections }),
    ...(settings.keepAliveTimeout === undefined ? {} : { keepAliveTimeout: settings.keepAliveTimeout }),
    // undici keeps a connection open unless nothing may be pipelined on it.
    ...(settings.keepAlive === false ? { pipelining: 0 } : {}),
  };
  const { routes } = settings;
  if (routes === undefined) return new Agent(pool);
  return new EnvHttpProxyAgent({
    ...pool,
    // Given, so that undici reads no variable itself; an empty address means no proxy.
    httpProxy: routes.http?.href ?? '',
    httpsProxy: routes.https?.href ?? '',
    noProxy: routes.noProxy,
    // An `https:` service is reached through a CONNECT tunnel, its TLS end to end; an `http:` one is
    // asked of the proxy in absolute form, as Go's clients and curl do (proxies often refuse CONNECT to
    // ports other than 443).
    proxyTunnel: false,
    ...(settings.connect === undefined ? {} : { requestTls: settings.connect }),
    ...(settings.proxyConnect === undefined ? {} : { proxyTls: settings.proxyConnect }),
  });
}
