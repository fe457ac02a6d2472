export { drainNode } from './drain-node.js';
export { evaluateNode } from './evaluate-node.js';
export {
  type DrainMigration,
  type FollowNodeDrainOptions,
  followNodeDrain,
} from './follow-drain.js';
export {
  type NodesGroup,
  nodesGroup,
} from './group.js';
export {
  type IterateNodesOptions,
  iterateNodes,
  type ListNodesOptions,
  listNodes,
  watchNodes,
} from './list-nodes.js';
export {
  listNodeAllocations,
  watchNodeAllocations,
} from './node-allocations.js';
export { setNodeEligibility } from './node-eligibility.js';
export { purgeNode } from './purge-node.js';
export {
  type ReadNodeOptions,
  readNode,
  watchNode,
} from './read-node.js';
export type {
  DrainNodeRequest,
  DrainSpec,
  DrainStrategy,
  DriverInfo,
  HostVolume,
  LastDrain,
  Node,
  NodeEligibilityRequest,
  NodeEvaluateResponse,
  NodeEvent,
  NodeResources,
  NodeStatus,
  NodeStub,
  NodeStubList,
  NodeUpdateResponse,
  SchedulingEligibility,
  ServerInfo,
} from './types.generated.js';
