export { drainNode } from './drain-node.js';
export { evaluateNode } from './evaluate-node.js';
export { type NodesGroup, nodesGroup } from './group.js';
export { type ListNodesOptions, listNodes, watchNodes } from './list-nodes.js';
export { listNodeAllocations, watchNodeAllocations } from './node-allocations.js';
export { setNodeEligibility } from './node-eligibility.js';
export { purgeNode } from './purge-node.js';
export { type ReadNodeOptions, readNode, watchNode } from './read-node.js';
export {
  DrainNodeRequest,
  DrainSpec,
  DrainStrategy,
  DriverInfo,
  type DriverInfoSchema,
  HostVolume,
  Node,
  NodeEligibilityRequest,
  NodeEvaluateResponse,
  NodeEvent,
  type NodeEventSchema,
  NodeResources,
  type NodeSchema,
  NodeStatus,
  NodeStub,
  NodeStubList,
  type NodeStubSchema,
  NodeUpdateResponse,
  SchedulingEligibility,
  ServerInfo,
} from './schemas.js';
