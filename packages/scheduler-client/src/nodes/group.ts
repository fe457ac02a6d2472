import type { SchedulerCore } from '../client.js';
import { type Bound, bind } from '../facade.js';
import { drainNode } from './drain-node.js';
import { evaluateNode } from './evaluate-node.js';
import { listNodes, watchNodes } from './list-nodes.js';
import { listNodeAllocations, watchNodeAllocations } from './node-allocations.js';
import { setNodeEligibility } from './node-eligibility.js';
import { purgeNode } from './purge-node.js';
import { readNode, watchNode } from './read-node.js';

/** The nodes group of the client; each method is the standalone operation with the core applied. */
export interface NodesGroup {
  /** GET /v1/nodes */
  readonly list: Bound<typeof listNodes>;
  /** GET /v1/nodes, blocking: the list each time it changes. */
  readonly watchList: Bound<typeof watchNodes>;
  /** GET /v1/node/:node_id */
  readonly read: Bound<typeof readNode>;
  /** GET /v1/node/:node_id, blocking. */
  readonly watch: Bound<typeof watchNode>;
  /** GET /v1/node/:node_id/allocations */
  readonly allocations: Bound<typeof listNodeAllocations>;
  /** GET /v1/node/:node_id/allocations, blocking. */
  readonly watchAllocations: Bound<typeof watchNodeAllocations>;
  /** POST /v1/node/:node_id/evaluate */
  readonly evaluate: Bound<typeof evaluateNode>;
  /** POST /v1/node/:node_id/drain */
  readonly drain: Bound<typeof drainNode>;
  /** POST /v1/node/:node_id/purge */
  readonly purge: Bound<typeof purgeNode>;
  /** POST /v1/node/:node_id/eligibility */
  readonly setEligibility: Bound<typeof setNodeEligibility>;
}

/** The nodes group of the client: `client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } })`, ... */
export function nodesGroup(core: SchedulerCore): NodesGroup {
  return {
    list: bind(core, listNodes),
    watchList: bind(core, watchNodes),
    read: bind(core, readNode),
    watch: bind(core, watchNode),
    allocations: bind(core, listNodeAllocations),
    watchAllocations: bind(core, watchNodeAllocations),
    evaluate: bind(core, evaluateNode),
    drain: bind(core, drainNode),
    purge: bind(core, purgeNode),
    setEligibility: bind(core, setNodeEligibility),
  };
}
