export { drainNode } from './drain-node.js';
export { evaluateNode } from './evaluate-node.js';
export { type DrainMigration, type FollowNodeDrainOptions, followNodeDrain } from './follow-drain.js';
export { type NodesGroup, nodesGroup } from './group.js';
export {
  type IterateNodesOptions,
  iterateNodes,
  type ListNodesOptions,
  listNodes,
  watchNodes,
} from './list-nodes.js';
export { listNodeAllocations, watchNodeAllocations } from './node-allocations.js';
export { setNodeEligibility } from './node-eligibility.js';
export { purgeNode } from './purge-node.js';
export { type ReadNodeOptions, readNode, watchNode } from './read-node.js';
export {
  type DrainNodeRequest,
  DrainNodeRequestSchema,
  type DrainSpec,
  DrainSpecSchema,
  type DrainStrategy,
  DrainStrategySchema,
  type DriverInfo,
  DriverInfoSchema,
  type HostVolume,
  HostVolumeSchema,
  type LastDrain,
  LastDrainSchema,
  type Node,
  type NodeEligibilityRequest,
  NodeEligibilityRequestSchema,
  type NodeEvaluateResponse,
  NodeEvaluateResponseSchema,
  type NodeEvent,
  NodeEventSchema,
  type NodeResources,
  NodeResourcesSchema,
  NodeSchema,
  type NodeStatus,
  NodeStatusSchema,
  type NodeStub,
  type NodeStubList,
  NodeStubListSchema,
  NodeStubSchema,
  type NodeUpdateResponse,
  NodeUpdateResponseSchema,
  type SchedulingEligibility,
  SchedulingEligibilitySchema,
  type ServerInfo,
  ServerInfoSchema,
} from './schemas.js';
