// The client's options and the small core object that standalone operations take. It carries no
// operation code, so importing the core and one operation bundles only that operation.
import {
  type AuthScheme,
  type ClientCore,
  type ClientOptions,
  type Clock,
  clientOptionKeys,
  createServiceTransport,
  type KeySets,
  type OwnOptionKeys,
  type ServiceProfile,
  type ServiceRules,
  systemClock,
  type Transport,
} from '@infra-sdk/core';
import { withRequestIds } from './request-id.js';
import { registryRules } from './rules.js';
import { packageVersion } from './version.js';

/** Where the token goes: `Authorization: Bearer` (default), the `X-Registry-Token` header, or the `access_token` query parameter. */
export type RegistryAuthHeader = 'bearer' | 'x-registry-token' | 'query';

/**
 * Options of `createRegistryClient` and `createRegistryCore`.
 *
 * Every call can fail with a `TimeoutError` (a time limit passed), a `ConnectionError` (the connection
 * failed or broke) or an `AbortError` (the call's `signal` aborted); the operations' `@throws` leave
 * these out (the README's "Errors") and name only the errors of their own.
 */
export interface RegistryClientOptions extends ClientOptions {
  /**
   * Where the token goes. Default `'bearer'`. `'x-registry-token'` is the older header the registry
   * still accepts; `'query'` puts the token in the URL as `access_token`, which proxies and logs may
   * record, so it is used only when chosen here (errors and hooks show it redacted).
   */
  readonly authHeader?: RegistryAuthHeader | undefined;
  /**
   * Where the client reads the time and waits: `meta.durationMs` and the `rateLimit` pauses of every
   * registry request, and in uploads and releases the pause before another attempt at storage
   * (back-off or storage's `Retry-After`), the idle limit of a transfer (`idleTimeout`), and a release's
   * wait on a 429 from the registry. Default `systemClock`. A test passes `createTestClock()` from
   * `@infra-sdk/core/testing` (the same one as the fake registry's `clock`) and moves it itself, so
   * retries and stalls take no real time. Each request's own `timeout` stays on real time.
   */
  readonly clock?: Clock | undefined;
}

const registryClientOwnKeys = { authHeader: 1 } as const satisfies OwnOptionKeys<
  RegistryClientOptions,
  ClientOptions
>;

/** The keys of `RegistryClientOptions`. */
export const registryClientOptionKeys: KeySets = [clientOptionKeys, registryClientOwnKeys];

/** What standalone operations need: the transports, the registry's service rules and the resolved settings. */
export interface RegistryCore extends ClientCore {
  /** Requests under `/api/v1` (and `/api/v2`), each with its own `X-Request-Id`, which its error carries. */
  readonly transport: Transport;
  /** A 2xx body that reports a failure is refused; a 403 becomes a DisallowedUseError. */
  readonly rules: ServiceRules;
  /** PUTs to storage addresses: never the token, and a streamed body refuses redirects so that no chunk is kept. */
  readonly storage: Transport;
  /** The registry's address, normalised (no trailing slash). */
  readonly baseUrl: string;
  /** `baseUrl` plus `/api/v1`. */
  readonly apiUrl: string;
  /** Where the token goes, as chosen in the options. */
  readonly authHeader: RegistryAuthHeader;
  /** Whether the options gave a `fetch`: uploads then send every body through it, never with XMLHttpRequest. */
  readonly customFetch: boolean;
  /** Where uploads and releases read the time and wait (the option's, or `systemClock`). */
  readonly clock: Clock;
  /** A description without the token. */
  toJSON(): Record<string, unknown>;
}

/** Path prefix of every registry endpoint. */
export const API_PREFIX = '/api/v1';

const AUTH_SCHEMES: Readonly<Record<RegistryAuthHeader, AuthScheme>> = {
  bearer: { type: 'bearer' },
  'x-registry-token': { type: 'header', name: 'X-Registry-Token' },
  query: { type: 'query', name: 'access_token' },
};

/** True for one of the places a token can go. */
export function isRegistryAuthHeader(value: unknown): value is RegistryAuthHeader {
  return typeof value === 'string' && Object.hasOwn(AUTH_SCHEMES, value);
}

/**
 * Builds the core object that standalone operations take (`readBox(core, 'hashicorp/bionic64')`), so
 * a bundle carries only the operations it imports.
 *
 * Options: those of `createRegistryClient`.
 *
 * @example
 * ```ts
 * import { createBox, createRegistryCore, readBox } from '@infra-sdk/registry-client';
 *
 * const registryCore = createRegistryCore({ baseUrl: 'https://registry.example.com', token: process.env.REGISTRY_TOKEN });
 * await createBox(registryCore, { username: 'myorg', name: 'tools' });
 * console.log((await readBox(registryCore, 'myorg/tools')).tag); // myorg/tools
 * ```
 * @throws {RequestValidationError} when `token` is empty, or it or a header holds a value a request cannot
 *   carry (the option is named, never the value), or `options` (or its `retry`, `hooks`, `debug` or
 *   `rateLimit`) holds a key that is not an option (named with the nearest one).
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) address, or `authHeader` is not `bearer`,
 *   `x-registry-token` or `query`.
 */
export function createRegistryCore(options: RegistryClientOptions): RegistryCore {
  const authHeader = options.authHeader ?? 'bearer';
  if (!isRegistryAuthHeader(authHeader)) {
    throw new TypeError(
      `authHeader must be 'bearer', 'x-registry-token' or 'query', not ${String(authHeader)}`,
    );
  }
  const auth = AUTH_SCHEMES[authHeader];
  const profile: ServiceProfile = {
    packageName: '@infra-sdk/registry-client',
    packageVersion,
    pathPrefix: API_PREFIX,
    auth,
    metaHeaders: { requestId: 'x-request-id' },
    headers: { accept: 'application/json' },
    // Downloads redirect to storage on other hosts: a GET follows there bare (no token, no headers);
    // anything else that leaves the registry's origin is refused.
    crossOriginRedirects: 'follow-without-credentials',
    // Any other key of the options is refused when the transport is made, before anything is sent.
    optionKeys: registryClientOwnKeys,
  };
  // Core follows redirects: credentials stay on the registry's origin (and `trustedOrigins`).
  const transport = withRequestIds(createServiceTransport(profile, { ...options, auth }));
  const { token: _token, rateLimit: _rateLimit, ...storageOptions } = options;
  // A streamed upload refuses redirects (core sends a streamed body so), which keeps no chunk for them.
  // Storage is not the registry: its PUTs take no slot of the registry's rate limit.
  const storage = createServiceTransport(profile, { ...storageOptions, auth });
  const describe = (): Record<string, unknown> => ({ ...transport.toJSON(), authHeader });
  const apiUrl = `${transport.baseUrl}${API_PREFIX}`;
  return {
    transport,
    rules: registryRules(apiUrl),
    storage,
    baseUrl: transport.baseUrl,
    apiUrl,
    authHeader,
    customFetch: Boolean(options.fetch),
    clock: options.clock ?? systemClock,
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
