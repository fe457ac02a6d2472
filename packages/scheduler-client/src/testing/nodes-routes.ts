// The node endpoints of the fake.
import type { TestRequest, TestServer } from '@infra-sdk/core/testing';
import { blockingWait } from './blocking-wait.js';
import { badRequest, notFound } from './fault.js';
import { bodyOf, flag, type RouteContext, reply, route } from './http.js';
import { drainNode, evaluateNode, nodeStub, purgeNode, setNodeEligibility } from './node-registry.js';
import { pageOf, pagingOf } from './paging.js';
import type { SchedulerStore } from './store.js';

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function nodeOf(store: SchedulerStore, req: TestRequest) {
  const id = req.params.node_id ?? '';
  if (!FULL_UUID.test(id)) throw badRequest('invalid node ID: must be a full UUID');
  const node = store.nodes.get(id);
  if (node === undefined) throw notFound('node not found');
  return node;
}

/** Adds the node routes to `server`. */
export function addNodeRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;

  server.route(
    'GET',
    '/v1/nodes',
    route(context, async (req, res, access) => {
      access.requireNode('read');
      const prefix = req.query.get('prefix') ?? '';
      if (!/^(?:[0-9a-f]{2})*$/.test(prefix)) throw badRequest('Invalid UUID: UUID must be even length');
      pagingOf(req);
      const resources = flag(req, 'resources');
      const index = await blockingWait(req, store.indexes.nodes, context.blocking);
      const nodes = [...store.nodes.values()]
        .filter((node) => node.ID.startsWith(prefix))
        .map((node) => nodeStub(node, resources));
      const { page, headers } = pageOf(req, nodes, { position: (node) => [0, node.ID], numbered: false });
      reply(req, res, page, index, headers);
    }),
  );

  server.route(
    'GET',
    '/v1/node/:node_id',
    route(context, async (req, res, access) => {
      access.requireNode('read');
      nodeOf(store, req);
      const index = await blockingWait(req, store.indexes.nodes, context.blocking);
      reply(req, res, nodeOf(store, req), index);
    }),
  );

  server.route(
    'GET',
    '/v1/node/:node_id/allocations',
    route(context, async (req, res, access) => {
      access.requireNode('read');
      nodeOf(store, req);
      const index = await blockingWait(req, store.indexes.allocs, context.blocking);
      const node = nodeOf(store, req);
      const allocs = [...store.allocations.values()].filter(
        (alloc) =>
          alloc.NodeID === node.ID && access.allowsNamespace(alloc.Namespace ?? 'default', 'read-job'),
      );
      reply(req, res, allocs, index);
    }),
  );

  server.route(
    'POST',
    '/v1/node/:node_id/evaluate',
    route(context, (req, res, access) => {
      access.requireNode('write');
      const result = evaluateNode(store, nodeOf(store, req));
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    'POST',
    '/v1/node/:node_id/drain',
    route(context, (req, res, access) => {
      access.requireNode('write');
      const node = nodeOf(store, req);
      const body = bodyOf(req);
      const result = drainNode(store, node, body as Parameters<typeof drainNode>[2]);
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    'POST',
    '/v1/node/:node_id/purge',
    route(context, (req, res, access) => {
      access.requireNode('write');
      const result = purgeNode(store, nodeOf(store, req));
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    'POST',
    '/v1/node/:node_id/eligibility',
    route(context, (req, res, access) => {
      access.requireNode('write');
      const node = nodeOf(store, req);
      const result = setNodeEligibility(store, node, bodyOf(req).Eligibility);
      reply(req, res, result, result.Index);
    }),
  );
}
