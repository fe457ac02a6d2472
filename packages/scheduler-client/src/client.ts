import {
  type ApiPromise,
  type ClientCore,
  type ClientOptions,
  createServiceTransport,
  type RawRequest,
  type RequestOptions,
  resolveToken,
  type ServiceProfile,
  type ServiceRules,
  sendRawRequest,
  type TokenSource,
  type Transport,
} from '@infra-sdk/core';
import { type AllocationsGroup, allocationsGroup } from './allocations/group.js';
import { checkedSchedulerRules } from './checked-schema.js';
import { type EventsGroup, eventsGroup } from './events/group.js';
import { type JobsGroup, jobsGroup } from './jobs/group.js';
import { type NodesGroup, nodesGroup } from './nodes/group.js';
import { schedulerRules } from './rules.js';
import { packageVersion } from './version.js';

/** The constructor of the WebSocket used by exec sessions; the global one by default. */
export type WebSocketConstructor = new (url: string | URL, protocols?: string | string[]) => WebSocket;

/** Options of `createSchedulerClient` and `createSchedulerCore`. */
export interface SchedulerClientOptions extends ClientOptions {
  /** Namespace sent with every namespace-aware call unless the call names its own; the server's default is `default`. */
  readonly namespace?: string;
  /** Region every call is forwarded to unless the call names its own; the server's default is its own region. */
  readonly region?: string;
  /** WebSocket constructor for exec sessions, e.g. one with custom TLS; default the global `WebSocket`. */
  readonly webSocket?: WebSocketConstructor;
}

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
export const schedulerProfile: ServiceProfile = {
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
};

const inspect = Symbol.for('nodejs.util.inspect.custom');

/** Creates the minimal scheduler client that standalone operations take; only what a call needs is bundled. */
export function createSchedulerCore(options: SchedulerClientOptions): SchedulerCore {
  return schedulerCore(options, schedulerRules);
}

function schedulerCore(options: SchedulerClientOptions, rules: ServiceRules): SchedulerCore {
  const transport = createServiceTransport(schedulerProfile, options);
  const token: TokenSource | undefined = options.token;
  const describe = (): Record<string, unknown> => ({
    ...transport.toJSON(),
    namespace: options.namespace,
    region: options.region,
  });
  return {
    transport,
    rules,
    namespace: options.namespace,
    region: options.region,
    pathPrefix: schedulerProfile.pathPrefix,
    // The same rules as the HTTP calls: a provider's empty or unsendable token is refused, not sent.
    resolveToken: () => resolveToken(token),
    webSocket: options.webSocket,
    validateResponses: options.validateResponses ?? true,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    toJSON: describe,
    [inspect]: describe,
  } as SchedulerCore;
}

/** The grouped scheduler client; every method is also a standalone export taking a `SchedulerCore`. */
export interface SchedulerClient {
  /** The core the groups are built on, for standalone operations. */
  readonly core: SchedulerCore;
  /** Jobs: create, read, plan, update, dispatch, revert and watch them, with their versions, allocations, evaluations and deployments. */
  readonly jobs: JobsGroup;
  /** Client nodes: list, read, drain, purge, set eligibility and watch them, with their allocations. */
  readonly nodes: NodesGroup;
  /** Allocations: list, read, stop, signal, restart, exec into and watch them, with their services. */
  readonly allocations: AllocationsGroup;
  /** The event stream, filtered by topic. */
  readonly events: EventsGroup;
  /** Sends a request to an endpoint the typed surface does not cover, with the same auth, retries and errors. */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): ApiPromise<T>;
  /** A description without secrets. */
  toJSON(): Record<string, unknown>;
}

/**
 * Creates a scheduler client with every resource group. Its responses are checked in place where valibot
 * would only copy them (see `checked-schema.ts`); the data and the errors are the same as with
 * `createSchedulerCore`.
 */
export function createSchedulerClient(options: SchedulerClientOptions): SchedulerClient {
  const core = schedulerCore(options, checkedSchedulerRules);
  return {
    core,
    jobs: jobsGroup(core),
    nodes: nodesGroup(core),
    allocations: allocationsGroup(core),
    events: eventsGroup(core),
    request: (request, call) => sendRawRequest(core.transport, request, call),
    toJSON: core.toJSON,
    [inspect]: core.toJSON,
  } as SchedulerClient;
}
