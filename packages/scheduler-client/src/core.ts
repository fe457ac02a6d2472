// The minimal object every standalone operation takes: the transport plus the scheduler's settings. It
// carries no operation code, so a bundle holds only the operations it imports.
import {
  type ClientCore,
  type ClientOptions,
  clientOptionKeys,
  createServiceTransport,
  type KeySets,
  type OwnOptionKeys,
  resolveToken,
  type ServiceProfile,
  type ServiceRules,
  type TokenSource,
  type Transport,
} from '@infra-sdk/core';
import { schedulerRules } from './rules.js';
import { packageVersion } from './version.js';

/** The constructor of the WebSocket used by exec sessions; the global one by default. */
export type WebSocketConstructor = new (url: string | URL, protocols?: string | string[]) => WebSocket;

/** Options of `createSchedulerClient` and `createSchedulerCore`. */
export interface SchedulerClientOptions extends ClientOptions {
  /** Namespace sent with every namespace-aware call unless the call names its own; the server's default is `default`. */
  readonly namespace?: string | undefined;
  /** Region every call is forwarded to unless the call names its own; the server's default is its own region. */
  readonly region?: string | undefined;
  /** WebSocket constructor for exec sessions, e.g. one with custom TLS; default the global `WebSocket`. */
  readonly webSocket?: WebSocketConstructor | undefined;
}

/** The keys `SchedulerClientOptions` adds to core's `ClientOptions`. */
const schedulerClientOwnKeys = {
  namespace: 1,
  region: 1,
  webSocket: 1,
} as const satisfies OwnOptionKeys<SchedulerClientOptions, ClientOptions>;

/** The keys of `SchedulerClientOptions`. */
export const schedulerClientOptionKeys: KeySets = [clientOptionKeys, schedulerClientOwnKeys];

/** The minimal client every standalone operation takes: the transport plus the scheduler settings. */
export interface SchedulerCore extends ClientCore {
  /** The HTTP path every call takes: auth, retries, errors. */
  readonly transport: Transport;
  /** How the scheduler differs from a plain JSON service: exact Unix-nanosecond times. */
  readonly rules: ServiceRules;
  /** Namespace of calls that name none; undefined leaves the choice to the server. */
  readonly namespace: string | undefined;
  /** Region of calls that name none; undefined leaves the choice to the server. */
  readonly region: string | undefined;
  /** Route prefix the transport adds; exec builds its WebSocket address with it. */
  readonly pathPrefix: string;
  /** Resolves the token for one exec handshake; never exposed in descriptions. */
  readonly resolveToken: () => Promise<string | undefined>;
  /** WebSocket constructor for exec sessions; undefined means the global `WebSocket`. */
  readonly webSocket: WebSocketConstructor | undefined;
  /** Whether responses are checked against their schemas unless a call says otherwise. */
  readonly validateResponses: boolean;
  /** Per-attempt time limit in ms of calls that name none (it also bounds opening an exec session); default 30 000. */
  readonly timeout?: number;
  /** A description without secrets. */
  toJSON(): Record<string, unknown>;
}

/** What the scheduler always needs from core's transport. */
const schedulerProfile: ServiceProfile = {
  packageName: '@infra-sdk/scheduler-client',
  packageVersion,
  pathPrefix: '/v1',
  auth: { type: 'header', name: 'X-Scheduler-Token' },
  metaHeaders: {
    index: 'X-Scheduler-Index',
    knownLeader: 'X-Scheduler-KnownLeader',
    lastContact: 'X-Scheduler-LastContact',
    nextToken: 'X-Scheduler-NextToken',
  },
  // Browsers set this themselves and ignore ours; elsewhere it asks the server to compress.
  headers: { 'Accept-Encoding': 'gzip' },
  // Any other key of the client's options is refused when the transport is made, before anything is sent.
  optionKeys: schedulerClientOwnKeys,
};

/**
 * Creates the core that standalone operations take: `readJob(createSchedulerCore({ baseUrl }), 'web')`.
 * It carries no operation code, so a bundle holds only the operations it imports. Its options are those
 * of `createSchedulerClient`, and calls behave alike.
 *
 * @example
 * ```ts
 * import { createSchedulerCore, listNodes } from '@infra-sdk/scheduler-client';
 *
 * const schedulerCore = createSchedulerCore({ baseUrl: 'https://scheduler.example:4646', region: 'global' });
 * const nodes = await listNodes(schedulerCore);
 * console.log(nodes.map((node) => node.Name));
 * ```
 * @throws {RequestValidationError} when `token` is `''` or a header value cannot be sent (naming the
 *   option, never the value), or `options` (or its `retry`, `hooks`, `debug` or `rateLimit`) holds a
 *   key that is not an option (named with the nearest one).
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL, or carries credentials, a query or
 *   a fragment.
 */
export function createSchedulerCore(options: SchedulerClientOptions): SchedulerCore {
  const transport = createServiceTransport(schedulerProfile, options);
  const token: TokenSource | undefined = options.token;
  const describe = (): Record<string, unknown> => ({
    ...transport.toJSON(),
    namespace: options.namespace,
    region: options.region,
  });
  return {
    transport,
    rules: schedulerRules,
    namespace: options.namespace,
    region: options.region,
    pathPrefix: schedulerProfile.pathPrefix,
    // The same rules as the HTTP calls: a provider's empty or unsendable token is refused, not sent.
    resolveToken: () => resolveToken(token),
    webSocket: options.webSocket,
    validateResponses: options.validateResponses ?? true,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
