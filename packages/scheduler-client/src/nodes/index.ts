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
  DrainNodeRequestSchema,
  DrainSpec,
  DrainSpecSchema,
  DrainStrategy,
  DrainStrategySchema,
  DriverInfo,
  DriverInfoSchema,
  HostVolume,
  HostVolumeSchema,
  Node,
  NodeEligibilityRequest,
  NodeEligibilityRequestSchema,
  NodeEvaluateResponse,
  NodeEvaluateResponseSchema,
  NodeEvent,
  NodeEventSchema,
  NodeResources,
  NodeResourcesSchema,
  NodeSchema,
  NodeStatus,
  NodeStatusSchema,
  NodeStub,
  NodeStubList,
  NodeStubListSchema,
  NodeStubSchema,
  NodeUpdateResponse,
  NodeUpdateResponseSchema,
  SchedulingEligibility,
  SchedulingEligibilitySchema,
  ServerInfo,
  ServerInfoSchema,
} from './schemas.js';
