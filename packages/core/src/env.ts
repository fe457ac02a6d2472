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
  readonly namespace?: string | undefined;
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
  /** The debug switch, when `INFRA_SDK_DEBUG` turns it on (and no `debug` was given). */
  readonly debug?: true | { readonly bodies: true };
}

/** What a caller of `fromEnv()` may give instead of the variables. */
export interface EnvOverrides {
  /** Address of the service. */
  readonly baseUrl?: string | undefined;
  /** The token, or a provider of it (then the variable is not read). */
  readonly token?: unknown;
  /** Namespace of the calls. */
  readonly namespace?: string | undefined;
  /** A fetch of the caller's: then no proxy is read from the environment. */
  readonly fetch?: unknown;
  /** The caller's debug setting: then `INFRA_SDK_DEBUG` is not read. */
  readonly debug?: unknown;
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
 * Reads a client's address, token and namespace variables and `INFRA_SDK_DEBUG`, `overrides` winning,
 * and in Node the proxy variables. A missing address fails with InfraSdkError naming the variable and the option that
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
  const debug = overrides.debug === undefined ? readDebugEnv() : undefined;
  return {
    baseUrl: /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `http://${address}`,
    ...(token === undefined ? {} : { token }),
    ...(namespace === undefined ? {} : { namespace }),
    ...(fetch === undefined ? {} : { fetch }),
    ...(debug === undefined ? {} : { debug }),
  };
}

/**
 * `INFRA_SDK_DEBUG`: `1` or `true` logs a line per request, response and retry, `bodies` adds the
 * masked bodies, `0`, `false` or unset logs nothing. Anything else fails with InfraSdkError.
 */
function readDebugEnv(): ClientEnv['debug'] {
  const value = readEnv('INFRA_SDK_DEBUG')?.trim().toLowerCase();
  if (value === undefined || value === '0' || value === 'false') return undefined;
  if (value === '1' || value === 'true') return true;
  if (value === 'bodies') return { bodies: true };
  throw new InfraSdkError(
    `INFRA_SDK_DEBUG must be 1 or true (request lines), bodies (with masked bodies), or 0 or false, not "${value}"; fix or unset it`,
  );
}

function environment(): Record<string, string | undefined> | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
}

/** A client's options built by optionsFromEnv: the caller's overrides over what the environment gives. */
export type EnvOptions<O extends EnvOverrides> = Omit<O, 'baseUrl'> & ClientEnv;

/**
 * A client's options from its environment variables and the caller's overrides: every override that is
 * not `undefined` wins, the variables fill in the rest (token, namespace, the Node proxy fetch, the debug
 * switch), and the address always has a scheme. Every client's `fromEnv()` builds its options with it.
 */
export function optionsFromEnv<O extends EnvOverrides>(names: EnvNames, overrides: O): EnvOptions<O> {
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) given[key] = value;
  const env = readClientEnv(names, given);
  return { ...env, ...(given as Omit<O, 'baseUrl'>), baseUrl: env.baseUrl };
}
