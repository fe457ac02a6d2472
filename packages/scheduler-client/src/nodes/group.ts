import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { drainNode } from './drain-node.js';
import { evaluateNode } from './evaluate-node.js';
import { iterateNodes, listNodes, watchNodes } from './list-nodes.js';
import { listNodeAllocations, watchNodeAllocations } from './node-allocations.js';
import { setNodeEligibility } from './node-eligibility.js';
import { purgeNode } from './purge-node.js';
import { readNode, watchNode } from './read-node.js';

const nodeOperations = {
  /** GET /v1/nodes — lists the nodes of the cluster. */
  list: listNodes,
  /** GET /v1/nodes, every page — an AsyncIterable of nodes. */
  iterate: iterateNodes,
  /** GET /v1/nodes, blocking — the list each time it changes. */
  watchList: watchNodes,
  /** GET /v1/node/:node_id — reads one node. */
  read: readNode,
  /** GET /v1/node/:node_id, blocking — the node each time it changes. */
  watch: watchNode,
  /** GET /v1/node/:node_id/allocations — lists the allocations placed on a node. */
  listAllocations: listNodeAllocations,
  /** GET /v1/node/:node_id/allocations, blocking — the allocations each time they change. */
  watchAllocations: watchNodeAllocations,
  /** POST /v1/node/:node_id/evaluate — creates evaluations for the node's jobs. */
  evaluate: evaluateNode,
  /** POST /v1/node/:node_id/drain — drains a node, or stops draining it. */
  drain: drainNode,
  /** POST /v1/node/:node_id/purge — removes a node. */
  purge: purgeNode,
  /** POST /v1/node/:node_id/eligibility — lets the scheduler place work on a node, or not. */
  setEligibility: setNodeEligibility,
};

/** The nodes group of the client; each method is the standalone operation with the core applied. */
export interface NodesGroup extends BoundGroup<SchedulerCore, typeof nodeOperations> {}

/** The nodes group of the client: `client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } })`, ... */
export function nodesGroup(core: SchedulerCore): NodesGroup {
  return bindOperations(core, nodeOperations);
}
