// `fromEnv()` of every client: the same variables in the same roles, the same errors, and in Node the
// proxies of HTTP_PROXY, HTTPS_PROXY and NO_PROXY. `#env-proxy` is a package import that resolves to
// Node code under the `node` condition only (see package.json), so this file stays runtime-neutral.
import { envProxyFetch, tlsEnvFetch } from '#env-proxy';
import { readLimitEnv, readTlsEnv } from './env-settings.js';
import { InfraSdkError } from './errors.js';
import { checkToken } from './header-values.js';
import type { LogLevelSetting } from './log.js';
import { checkOptions, type KeySets } from './option-keys.js';
import type { RateLimit } from './rate-limit.js';

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
  /**
   * Prefix of the TLS and limit variables, e.g. `MESH` for `MESH_CACERT`. Default: `address` without
   * its `_ADDR` ending; with neither, those variables are not read.
   */
  readonly prefix?: string | undefined;
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
   * In Node, when HTTP_PROXY or HTTPS_PROXY is set, or a TLS variable (and no `fetch` was given): a
   * fetch through those proxies, honouring NO_PROXY, with those TLS settings (`createNodeFetch`). Bun,
   * Deno and browsers apply proxies in their own fetch; a TLS variable there is an error.
   */
  readonly fetch?: typeof fetch;
  /** Per-attempt time limit in ms, from `<PREFIX>_CLIENT_TIMEOUT` (and no `timeout` was given). */
  readonly timeout?: number;
  /** Retries after the first attempt, from `<PREFIX>_MAX_RETRIES` (and no `retry` was given). */
  readonly retry?: number;
  /** The client's rate limit, from `<PREFIX>_RATE_LIMIT` (and no `rateLimit` was given). */
  readonly rateLimit?: RateLimit;
  /** The client's log level, from `<PREFIX>_LOG_LEVEL` (and no `logLevel` was given). */
  readonly logLevel?: LogLevelSetting;
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
  /** A fetch of the caller's: then no proxy and no TLS variable is read from the environment. */
  readonly fetch?: unknown;
  /** The caller's per-attempt time limit: then `<PREFIX>_CLIENT_TIMEOUT` is not read. */
  readonly timeout?: unknown;
  /** The caller's retry policy: then `<PREFIX>_MAX_RETRIES` is not read. */
  readonly retry?: unknown;
  /** The caller's rate limit: then `<PREFIX>_RATE_LIMIT` is not read. */
  readonly rateLimit?: unknown;
  /** The caller's log level: then `<PREFIX>_LOG_LEVEL` is not read. */
  readonly logLevel?: unknown;
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
 * its TLS, limit and log variables under its prefix (`<PREFIX>_CACERT`, `_CAPATH`, `_CLIENT_CERT`,
 * `_CLIENT_KEY`, `_TLS_SERVER_NAME`, `_SKIP_VERIFY`, `_CLIENT_TIMEOUT`, `_MAX_RETRIES`, `_RATE_LIMIT`,
 * `_LOG_LEVEL`: what each takes is in core's README, "Environment variables", and on `ClientEnv`), and in
 * Node the proxy variables. The TLS files are read now. `_SKIP_VERIFY` warns on the console each time it
 * is read.
 *
 * @example
 * ```ts
 * import { readClientEnv } from '@infra-sdk/core';
 *
 * process.env.MESH_ADDR = '127.0.0.1:8500';
 * process.env.MESH_RATE_LIMIT = '20:5';
 * const env = readClientEnv({ address: 'MESH_ADDR', token: 'MESH_TOKEN', service: 'mesh server', example: 'http://127.0.0.1:8500' });
 * console.log(env.baseUrl, env.rateLimit); // http://127.0.0.1:8500 { perSecond: 20, burst: 5 }
 * ```
 * @throws {InfraSdkError} naming the variable: a missing address (and the option that replaces it), a
 *   proxy variable that holds no proxy address, a TLS file that cannot be read or holds no PEM, a
 *   client certificate without its key (or the reverse), a TLS variable the runtime cannot honour (Bun,
 *   Deno, browsers), a limit that is no number of its kind, or an unknown log level.
 * @throws {RequestValidationError} when the token variable is set but empty or unsendable.
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
  const prefix = names.prefix ?? (names.address.endsWith('_ADDR') ? names.address.slice(0, -5) : undefined);
  const tls = prefix === undefined || overrides.fetch !== undefined ? undefined : readTlsEnv(prefix, readEnv);
  const fetch = overrides.fetch !== undefined ? undefined : tls ? tlsEnvFetch(tls) : envProxyFetch();
  const limits =
    prefix === undefined
      ? {}
      : readLimitEnv(prefix, readEnv, {
          timeout: overrides.timeout !== undefined,
          retry: overrides.retry !== undefined,
          rateLimit: overrides.rateLimit !== undefined,
          logLevel: overrides.logLevel !== undefined,
        });
  const debug = overrides.debug === undefined ? readDebugEnv() : undefined;
  return {
    ...limits,
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
 * not `undefined` wins, the variables fill in the rest (token, namespace, the Node fetch of the proxy
 * and TLS variables, the time limit, retries, rate limit, log level, the debug switch; see
 * `readClientEnv`), and the address always has a scheme. Every client's `fromEnv()` builds its options
 * with it. `optionKeys`, when given, lists every key `overrides` may hold (the client's options:
 * `[clientOptionKeys, myOwnKeys]`); any other is refused before a variable or file is read.
 *
 * @example
 * ```ts
 * import { optionsFromEnv } from '@infra-sdk/core';
 *
 * process.env.MESH_ADDR = 'http://127.0.0.1:8500';
 * process.env.MESH_CLIENT_TIMEOUT = '90s';
 * const names = { address: 'MESH_ADDR', token: 'MESH_TOKEN', service: 'mesh server', example: 'http://127.0.0.1:8500' };
 * console.log(optionsFromEnv(names, { retry: 5 })); // { timeout: 90000, baseUrl: 'http://127.0.0.1:8500', retry: 5 }
 * ```
 * @throws {InfraSdkError | RequestValidationError} as `readClientEnv` does.
 * @throws {RequestValidationError} when `overrides` holds a key `optionKeys` does not list.
 */
export function optionsFromEnv<O extends EnvOverrides>(
  names: EnvNames,
  overrides: O,
  optionKeys?: KeySets,
): EnvOptions<O> {
  if (optionKeys) checkOptions(overrides, optionKeys, 'client options');
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) given[key] = value;
  const env = readClientEnv(names, given);
  return { ...env, ...(given as Omit<O, 'baseUrl'>), baseUrl: env.baseUrl };
}
