// Reading the proxy variables, with no undici: `fromEnv()` checks them when the client is made, and
// undici is loaded only once a request goes through a proxy.
import { InfraSdkError } from '../errors.js';

/** Where requests go, as the variables (or the options) say; the dispatcher is built from it. */
export interface ProxyRoutes {
  /** The proxy of `http:` addresses. */
  readonly http: URL | undefined;
  /** The proxy of `https:` addresses; undici falls back to `http` when it is not set. */
  readonly https: URL | undefined;
  /** Hosts reached directly, in NO_PROXY's syntax. */
  readonly noProxy: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A proxy address as undici takes it, or undefined when it is not one. `host:port` without a scheme
 * means `http://`, as in the services' Go clients and curl.
 */
export function parseProxy(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(SCHEME.test(value) ? value : `http://${value}`);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/**
 * The proxies HTTP_PROXY, HTTPS_PROXY and NO_PROXY name (the lower-case forms first, as undici and curl
 * read them; an empty variable is not set); undefined when neither proxy variable is set. A value that
 * is not a proxy address fails with InfraSdkError naming the variable, never its value, which may hold
 * the proxy's password.
 */
export function readProxyEnv(): ProxyRoutes | undefined {
  const http = proxyVariable('http_proxy', 'HTTP_PROXY');
  const https = proxyVariable('https_proxy', 'HTTPS_PROXY');
  if (http === undefined && https === undefined) return undefined;
  return { http, https, noProxy: variable('no_proxy', 'NO_PROXY')?.value ?? '' };
}

function proxyVariable(lower: string, upper: string): URL | undefined {
  const found = variable(lower, upper);
  if (found === undefined) return undefined;
  const url = parseProxy(found.value);
  if (url === undefined) {
    throw new InfraSdkError(
      `${found.name} is not a proxy address: give http://[user:password@]host:port (or https://), or unset it`,
    );
  }
  return url;
}

function variable(...names: string[]): { name: string; value: string } | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  for (const name of names) {
    const value = env?.[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}
