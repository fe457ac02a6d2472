// `fromEnv()` of every client: the same variables in the same roles, the same errors, and in Node the
// proxies of HTTP_PROXY, HTTPS_PROXY and NO_PROXY. `#env-proxy` is a package import that resolves to
// Node code under the `node` condition only (see package.json), so this file stays runtime-neutral.
import { envProxyFetch } from '#env-proxy';
import { InfraSdkError } from './errors.js';
import { checkToken } from './header-values.js';

/** The environment variables of one client and how to describe its service in an error. */
export interface EnvNames {
  /** Variable with the service address, e.g. `MESH_ADDR`; `host:port` without a scheme means `http://`. */
  readonly address: string;
  /** Variable with the token, e.g. `MESH_TOKEN`; unset means no token. */
  readonly token: string;
  /** Variable with the namespace, when the service has namespaces. */
  readonly namespace?: string;
  /** The service in words, for the error when the address is missing (`mesh server`). */
  readonly service: string;
  /** An example address for that error (`http://127.0.0.1:8500`). */
  readonly example: string;
}

/** What `readClientEnv` found: the overrides where given, the variables otherwise. */
export interface ClientEnv {
  /** The service address, with a scheme. */
  readonly baseUrl: string;
  /** The token, when one was given. */
  readonly token?: string;
  /** The namespace, when one was given. */
  readonly namespace?: string;
  /**
   * In Node, when HTTP_PROXY or HTTPS_PROXY is set (and no `fetch` was given): a fetch through those
   * proxies, honouring NO_PROXY. Bun, Deno and browsers apply proxies in their own fetch.
   */
  readonly fetch?: typeof fetch;
}

/** What a caller of `fromEnv()` may give instead of the variables. */
export interface EnvOverrides {
  /** Address of the service. */
  readonly baseUrl?: string;
  /** The token, or a provider of it (then the variable is not read). */
  readonly token?: unknown;
  /** Namespace of the calls. */
  readonly namespace?: string;
  /** A fetch of the caller's: then no proxy is read from the environment. */
  readonly fetch?: unknown;
}

/** Reads an environment variable where the runtime has them (Node, Bun, Deno); undefined elsewhere or when empty. */
export function readEnv(name: string): string | undefined {
  const value = environment()?.[name];
  return value === '' ? undefined : value;
}

/**
 * Reads a token variable: undefined when it is not set (anonymous use); set to an empty value, or to one a
 * header cannot carry, it fails with RequestValidationError naming the variable (never its value).
 */
export function readTokenEnv(name: string): string | undefined {
  const value = environment()?.[name];
  if (value === undefined) return undefined;
  checkToken(value, name, 'environment');
  return value;
}

/**
 * Reads a client's address, token and namespace variables, `overrides` winning, and in Node the proxy
 * variables. A missing address fails with InfraSdkError naming the variable and the option that
 * replaces it; so does a proxy variable that holds no proxy address.
 */
export function readClientEnv(names: EnvNames, overrides: EnvOverrides = {}): ClientEnv {
  const address = overrides.baseUrl ?? readEnv(names.address);
  if (address === undefined) {
    throw new InfraSdkError(
      `${names.address} is not set: set it to the ${names.service} address (for example ${names.example}) or pass baseUrl`,
    );
  }
  const token = overrides.token === undefined ? readTokenEnv(names.token) : undefined;
  const namespace =
    overrides.namespace ?? (names.namespace === undefined ? undefined : readEnv(names.namespace));
  const fetch = overrides.fetch === undefined ? envProxyFetch() : undefined;
  return {
    baseUrl: /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `http://${address}`,
    ...(token === undefined ? {} : { token }),
    ...(namespace === undefined ? {} : { namespace }),
    ...(fetch === undefined ? {} : { fetch }),
  };
}

function environment(): Record<string, string | undefined> | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
}
