import type { Clock } from '@infra-sdk/core';
import {
  type BlockingQueryOptions,
  ReplyError,
  type TestRequest,
  type TestServer,
} from '@infra-sdk/core/testing';
import type { Authorizer } from './authorizer.js';
import { blockingWait } from './blocking-wait.js';
import type { NamespaceTable } from './namespace-table.js';
import { readNamespaceBody } from './request-body.js';

/** What the routes need from the fake. */
export interface MeshState {
  readonly table: NamespaceTable;
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
  const { table, authorizer } = state;

  /** Authenticates and authorizes a write: every namespace write needs operator:write. */
  const authorizeWrite = (req: TestRequest): void => {
    requireLeader(state, 'default');
    if (!authorizer.canWriteOperator(authorizer.identify(req.header('x-mesh-token')))) {
      throw permissionDenied('operator:write');
    }
  };

  server
    .route('PUT', '/v1/namespace', (req, res) => {
      authorizeWrite(req);
      res.json(200, table.create(readNamespaceBody(req)));
    })
    .route('GET', '/v1/namespace/:name', async (req, res) => {
      const name = req.params.name ?? '';
      const consistency = readConsistency(req, state);
      const identity = authorizer.identify(req.header('x-mesh-token'));
      if (!authorizer.canReadNamespace(identity, name)) throw permissionDenied(`namespace:${name}:read`);
      const index = await blockingWait(req, table.index, state.blocking, state.clock);
      const headers = queryHeaders(state, consistency, index);
      const namespace = table.get(name);
      if (namespace === undefined) res.text(404, `Namespace not found: ${name}`, headers);
      else res.json(200, namespace, headers);
    })
    .route('PUT', '/v1/namespace/:name', (req, res) => {
      authorizeWrite(req);
      res.json(200, table.update(req.params.name ?? '', readNamespaceBody(req)));
    })
    .route('DELETE', '/v1/namespace/:name', (req, res) => {
      authorizeWrite(req);
      table.markForDeletion(req.params.name ?? '');
      res.empty(200);
    })
    .route('GET', '/v1/namespaces', async (req, res) => {
      const consistency = readConsistency(req, state);
      const identity = authorizer.identify(req.header('x-mesh-token'));
      const index = await blockingWait(req, table.index, state.blocking, state.clock);
      const visible = table
        .list()
        .filter((namespace) => authorizer.canReadNamespace(identity, namespace.Name));
      res.json(200, visible, queryHeaders(state, consistency, index));
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

function queryHeaders(state: MeshState, consistency: Consistency, index: number): Record<string, string> {
  return {
    'X-Mesh-Index': String(index),
    'X-Mesh-KnownLeader': String(state.knownLeader),
    'X-Mesh-LastContact': String(consistency === 'stale' ? state.lastContactMs : 0),
  };
}
