// The client's options and the minimal object every standalone operation takes. It carries no
// operation code, so a bundle holds only the operations it imports.
import {
  type ClientCore,
  type ClientOptions,
  type Clock,
  type Consistency,
  clientOptionKeys,
  createServiceTransport,
  type KeySets,
  type OwnOptionKeys,
  type ServiceProfile,
  type ServiceRules,
  systemClock,
} from '@infra-sdk/core';
import { type MeshMeta, meshRules } from './meta.js';
import { packageVersion } from './version.js';

/** Options of a mesh client. */
export interface MeshClientOptions extends ClientOptions {
  /** Consistency mode of reads and lists unless a call chooses another. Default `default`. */
  readonly consistency?: Consistency | undefined;
  /**
   * Where the client reads the time and waits: `meta.durationMs` and the `rateLimit` pauses of every
   * request, `waitUntilDeleted` between its reads, and watches (unless a watch is given a `clock` of its
   * own) in their back-off and in timing each blocking read. Default `systemClock`. A test passes
   * `createTestClock()` from `@infra-sdk/core/testing` (the same one as the fake mesh's `clock`) and
   * moves it itself, so a wait of minutes takes no real time. Each request's own `timeout` stays on real
   * time.
   */
  readonly clock?: Clock | undefined;
}

const meshClientOwnKeys = { consistency: 1 } as const satisfies OwnOptionKeys<
  MeshClientOptions,
  ClientOptions
>;

/** The keys of `MeshClientOptions`. */
export const meshClientOptionKeys: KeySets = [clientOptionKeys, meshClientOwnKeys];

/** The minimal client the standalone operations take: a transport and the resolved service settings. */
export interface MeshCore extends ClientCore<MeshMeta> {
  /** Adds the ACL facts of each answer's headers to its metadata. */
  readonly rules: ServiceRules<MeshMeta>;
  /** Consistency mode of reads and lists unless a call chooses another. */
  readonly consistency: Consistency;
  /** Where waits read the time and pause (the option's, or `systemClock`). */
  readonly clock: Clock;
  /** A description without secrets (the token shows as `[redacted]`). */
  toJSON(): Record<string, unknown>;
}

/** The mesh server's namespace API: `/v1`, token in `X-Mesh-Token`, blocking-query metadata headers. */
const meshProfile: ServiceProfile = {
  packageName: '@infra-sdk/mesh-client',
  packageVersion,
  pathPrefix: '/v1',
  auth: { type: 'header', name: 'X-Mesh-Token' },
  metaHeaders: {
    index: 'X-Mesh-Index',
    knownLeader: 'X-Mesh-KnownLeader',
    lastContact: 'X-Mesh-LastContact',
  },
  // Any other key of the client's options is refused when the transport is made, before anything is sent.
  optionKeys: meshClientOwnKeys,
};

/**
 * Creates the minimal client for standalone operations: `readNamespace(createMeshCore(options), 'team-1')`.
 * It takes the same options as `createMeshClient`, and a bundle that uses it carries only the operations
 * it imports.
 *
 * @example
 * ```ts
 * import { createMeshCore, listNamespaces } from '@infra-sdk/mesh-client';
 *
 * const meshCore = createMeshCore({ baseUrl: 'http://127.0.0.1:8500', token: process.env.MESH_TOKEN });
 * console.log(await listNamespaces(meshCore));
 * ```
 * @throws {RequestValidationError} when `token` is `''` or cannot be sent in a header, `headers` holds
 *   a name or value that cannot be sent, or `options` (or its `retry`, `hooks`, `debug` or `rateLimit`)
 *   holds a key that is not an option (named with the nearest one).
 * @throws {TypeError} when `baseUrl` is not an absolute `http(s)` address, or carries credentials, a query
 *   or a fragment.
 */
export function createMeshCore(options: MeshClientOptions): MeshCore {
  const { consistency = 'default', clock = systemClock, ...clientOptions } = options;
  // One clock for the transport (durations, rate limit) and the client's own waits.
  const transport = createServiceTransport(meshProfile, { ...clientOptions, clock });
  const describe = (): Record<string, unknown> => ({ ...transport.toJSON(), consistency });
  return {
    transport,
    rules: meshRules,
    consistency,
    clock,
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
