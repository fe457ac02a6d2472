import type { Clock } from '@infra-sdk/core';
import {
  type BlockingQueryOptions,
  ReplyError,
  type TestRequest,
  type TestServer,
} from '@infra-sdk/core/testing';
import type { Authorizer } from './authorizer.js';
import { blockingWait } from './blocking-wait.js';
import type { PartitionTables } from './partitions.js';
import { readNamespaceBody } from './request-body.js';

/** What the routes need from the fake. */
export interface MeshState {
  readonly partitions: PartitionTables;
  /** The datacenter this server is in: `?dc=` naming another is answered as unreachable. */
  readonly datacenter: string;
  readonly authorizer: Authorizer;
  readonly blocking: BlockingQueryOptions;
  /** Where blocking queries count their wait. */
  readonly clock: Clock;
  readonly lastContactMs: number;
  knownLeader: boolean;
}

type Consistency = 'default' | 'stale' | 'consistent';

/** Registers the namespace API on a test server. */
export function addNamespaceRoutes(server: TestServer, state: MeshState): void {
  const { partitions, authorizer } = state;

  /** Authenticates and authorizes a write: every namespace write needs operator:write. */
  const authorizeWrite = (req: TestRequest): void => {
    requireDatacenter(req, state);
    requireLeader(state, 'default');
    if (!authorizer.canWriteOperator(authorizer.identify(req.header('x-mesh-token')))) {
      throw permissionDenied('operator:write');
    }
  };

  server
    .route('PUT', '/v1/namespace', (req, res) => {
      authorizeWrite(req);
      const body = readNamespaceBody(req);
      res.json(200, partitions.of(req, body.Partition ?? undefined).create(body));
    })
    .route('GET', '/v1/namespace/:name', async (req, res) => {
      const name = req.params.name ?? '';
      requireDatacenter(req, state);
      const consistency = readConsistency(req, state);
      const table = partitions.of(req);
      const identity = authorizer.identify(req.header('x-mesh-token'));
      if (!authorizer.canReadNamespace(identity, name)) throw permissionDenied(`namespace:${name}:read`);
      const index = await blockingWait(req, table.index, state.blocking, state.clock);
      const headers = queryHeaders(state, consistency, index, false);
      const namespace = table.get(name);
      if (namespace === undefined) res.text(404, `Namespace not found: ${name}`, headers);
      else res.json(200, namespace, headers);
    })
    .route('PUT', '/v1/namespace/:name', (req, res) => {
      authorizeWrite(req);
      const body = readNamespaceBody(req);
      res.json(200, partitions.of(req, body.Partition ?? undefined).update(req.params.name ?? '', body));
    })
    .route('DELETE', '/v1/namespace/:name', (req, res) => {
      authorizeWrite(req);
      partitions.of(req).markForDeletion(req.params.name ?? '');
      res.empty(200);
    })
    .route('GET', '/v1/namespaces', async (req, res) => {
      requireDatacenter(req, state);
      const consistency = readConsistency(req, state);
      const table = partitions.of(req);
      const identity = authorizer.identify(req.header('x-mesh-token'));
      const index = await blockingWait(req, table.index, state.blocking, state.clock);
      const all = table.list();
      const visible = all.filter((namespace) => authorizer.canReadNamespace(identity, namespace.Name));
      res.json(200, visible, queryHeaders(state, consistency, index, visible.length < all.length));
    });
  // Routes are matched in order: these only see the methods the routes above do not take.
  for (const pattern of ['/v1/namespace', '/v1/namespace/:name', '/v1/namespaces']) {
    server.route('*', pattern, methodNotAllowed);
  }
}

function permissionDenied(permission: string): ReplyError {
  return new ReplyError(403, `Permission denied: token lacks permission '${permission}'`);
}

function methodNotAllowed(req: TestRequest): never {
  throw new ReplyError(405, `method ${req.method} not allowed`);
}

/** Reads `stale` / `consistent`; both at once is a 400. Only stale reads succeed without a leader. */
function readConsistency(req: TestRequest, state: MeshState): Consistency {
  const stale = req.query.has('stale');
  const consistent = req.query.has('consistent');
  if (stale && consistent)
    throw new ReplyError(400, 'Cannot specify ?stale with ?consistent, conflicting semantics.');
  const consistency: Consistency = stale ? 'stale' : consistent ? 'consistent' : 'default';
  requireLeader(state, consistency);
  return consistency;
}

function requireLeader(state: MeshState, consistency: Consistency): void {
  if (!state.knownLeader && consistency !== 'stale') throw new ReplyError(500, 'No cluster leader');
}

/** A `?dc=` naming another datacenter is answered as upstream answers one it cannot reach. */
function requireDatacenter(req: TestRequest, state: MeshState): void {
  const dc = req.query.get('dc');
  if (dc && dc !== state.datacenter) throw new ReplyError(500, 'No path to datacenter');
}

/**
 * Headers of a query's answer: its index and leader facts, and with ACLs on the agent's default policy
 * and (only when true) that the ACLs left something out of the result.
 */
function queryHeaders(
  state: MeshState,
  consistency: Consistency,
  index: number,
  filtered: boolean,
): Record<string, string> {
  const policy = state.authorizer.defaultPolicy;
  return {
    'X-Mesh-Index': String(index),
    'X-Mesh-KnownLeader': String(state.knownLeader),
    'X-Mesh-LastContact': String(consistency === 'stale' ? state.lastContactMs : 0),
    ...(policy === undefined ? {} : { 'X-Mesh-Default-ACL-Policy': policy }),
    ...(filtered ? { 'X-Mesh-Results-Filtered-By-ACLs': 'true' } : {}),
  };
}
