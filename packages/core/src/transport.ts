// The one HTTP path every client call takes, as named steps, each in a module of its own:
//   options (`transport-options.ts`)  checked once per transport: addresses, header layers, token rules;
//   call (`call.ts`)                   one call planned: URL, headers, body, time limits, retry decision;
//   ky (`send.ts`)                      ky times each attempt and the whole call, retries, runs the hooks
//                                       (`prepare-attempt.ts`: tokens, `onRequest`, `onRetry`);
//   attempt (`attempt.ts`)              what ky sends: redirects by the credential rules, the body read;
//   response (`response.ts`)            payload, metadata, envelope, schema;
//   errors (`error-mapping.ts`)         whatever failed, as core's error classes, redacted.
import type { LogFunction } from './log.js';
import type { ApiResult, ResponseMeta } from './meta.js';
import { ApiPromise } from './meta.js';
import { checkOptions } from './option-keys.js';
import { inspectSymbol, REDACTED } from './redact.js';
import type { RequestOptions, RequestSpec } from './request-spec.js';
import { sendCall } from './send.js';
import { configure, type TransportOptions, transportOptionKeys } from './transport-options.js';

/** The configured HTTP path of one client. */
export interface Transport {
  /** Address of the service. */
  readonly baseUrl: string;
  /**
   * Sends one described request (method, encoded path, query, body, schema, ...) and resolves to its
   * payload and metadata, `{ data, meta }`. This is the path every operation and every client's raw
   * `request()` take: the same auth, retries, time limits, redirect rules and errors.
   */
  send<T = unknown, M extends ResponseMeta = ResponseMeta>(
    spec: RequestSpec<T, M>,
    options?: RequestOptions,
  ): Promise<ApiResult<T, M>>;
  /** Sends one request like `send`; resolves to the payload, with `.withMeta()` for the metadata. */
  request<T = unknown, M extends ResponseMeta = ResponseMeta>(
    spec: RequestSpec<T, M>,
    options?: RequestOptions,
  ): ApiPromise<T, M>;
  /** A description without secrets. */
  toJSON(): Record<string, unknown>;
  /**
   * The client's log: writes a line at the client's `logLevel` to its `logger`. Long-lived work of the
   * client (a stream, a keeper, a follower) passes it as the `logger` of its retry loop or failure
   * streak. Undefined on a transport made by hand.
   */
  readonly log?: LogFunction | undefined;
}

/**
 * Creates the transport a client sends all its requests through: auth, retries, time limits, redirects
 * under the credential rules, typed errors and response metadata.
 *
 * @example
 * ```ts
 * import { createTransport } from '@infra-sdk/core';
 *
 * const scheduler = createTransport({
 *   baseUrl: 'https://scheduler.example:4646',
 *   pathPrefix: '/v1',
 *   token: process.env.SCHEDULER_TOKEN, // unset: anonymous
 *   auth: { type: 'header', name: 'X-Scheduler-Token' },
 *   metaHeaders: { index: 'X-Scheduler-Index' },
 * });
 * const { data, meta } = await scheduler.request<{ ID: string }[]>({ method: 'GET', path: '/nodes' }).withMeta();
 * console.log(data.length, meta.index);
 * ```
 * @throws {TypeError} when `baseUrl` (or a trusted origin) is not an absolute `http(s)` address, or
 *   carries credentials, a query or a fragment.
 * @throws {RequestValidationError} when `token` is `''` or unsendable, or `headers` holds a name or value
 *   that cannot be sent (named in `issues`, never the value).
 * @throws {RangeError} when `maxRedirects` is not a whole number 0 or more, or `logLevel` is unknown.
 * @throws {RequestValidationError} when `options` (or its `retry`, `hooks`, `auth`, `metaHeaders`,
 *   `rateLimit` or `debug`) holds a key that is not an option, naming the nearest one.
 */
export function createTransport(options: TransportOptions): Transport {
  checkOptions(options, transportOptionKeys, 'transport options');
  return buildTransport(options);
}

/** `createTransport` for options already checked, or carrying a client's own keys beside the transport's. */
export function buildTransport(options: TransportOptions): Transport {
  const config = configure(options);
  const { scheme, trustedOrigins } = config;
  const description = (): Record<string, unknown> => ({
    baseUrl: config.base,
    pathPrefix: config.prefix,
    auth: scheme.type === 'bearer' ? 'bearer' : `${scheme.type}:${scheme.name}`,
    token: config.token === undefined ? undefined : REDACTED,
    ...(trustedOrigins.length > 0 ? { trustedOrigins } : {}),
  });
  const transport: Transport & { [inspectSymbol]: () => Record<string, unknown> } = {
    baseUrl: config.base,
    log: config.log,
    send: (spec, call = {}) => sendCall(config, spec, call),
    request: (spec, call = {}) => new ApiPromise(sendCall(config, spec, call)),
    toJSON: description,
    [inspectSymbol]: description,
  };
  return transport;
}
