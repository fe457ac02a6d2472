import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { drainNode } from './drain-node.js';
import { evaluateNode } from './evaluate-node.js';
import { followNodeDrain } from './follow-drain.js';
import { iterateNodes, listNodes, watchNodes } from './list-nodes.js';
import { listNodeAllocations, watchNodeAllocations } from './node-allocations.js';
import { setNodeEligibility } from './node-eligibility.js';
import { purgeNode } from './purge-node.js';
import { readNode, watchNode } from './read-node.js';

const nodeOperations = {
  list: listNodes,
  iterate: iterateNodes,
  watchList: watchNodes,
  read: readNode,
  watch: watchNode,
  listAllocations: listNodeAllocations,
  watchAllocations: watchNodeAllocations,
  evaluate: evaluateNode,
  drain: drainNode,
  purge: purgeNode,
  setEligibility: setNodeEligibility,
  followDrain: followNodeDrain,
};

/** The nodes group of the client; each method is the standalone operation with the core applied. */
export interface NodesGroup extends BoundGroup<SchedulerCore, typeof nodeOperations> {}

/** The nodes group of the client: `client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } })`, ... */
export function nodesGroup(core: SchedulerCore): NodesGroup {
  return bindOperations(core, nodeOperations);
}
