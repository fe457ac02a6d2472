import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type CallOptions, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import {
  type DrainNodeRequest,
  DrainNodeRequestSchema,
  type NodeUpdateResponse,
  NodeUpdateResponseSchema,
} from './schemas.js';

/**
 * POST /v1/node/:node_id/drain — with a DrainSpec, drains the node (no new allocations, existing
 * ones migrate); without one (or null), ends the drain.
 */
export function drainNode(
  core: SchedulerCore,
  nodeId: string,
  body: DrainNodeRequest,
  options?: CallOptions,
): ApiPromise<NodeUpdateResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/node/${fullUuid(nodeId, 'node id')}/drain`,
      query: regionQuery(core, options),
      body: await validateRequest(DrainNodeRequestSchema, body, 'node drain'),
      schema: NodeUpdateResponseSchema,
    }),
    options,
  );
}
