import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type CallOptions, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import {
  type NodeEligibilityRequest,
  NodeEligibilityRequestSchema,
  type NodeUpdateResponse,
  NodeUpdateResponseSchema,
} from './schemas.js';

/** POST /v1/node/:node_id/eligibility — marks a node eligible or ineligible for new allocations. */
export function setNodeEligibility(
  core: SchedulerCore,
  nodeId: string,
  body: NodeEligibilityRequest,
  options?: CallOptions,
): ApiPromise<NodeUpdateResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/node/${fullUuid(nodeId, 'node id')}/eligibility`,
      query: regionQuery(core, options),
      body: await validateRequest(NodeEligibilityRequestSchema, body, 'node eligibility'),
      schema: NodeUpdateResponseSchema,
    }),
    options,
  );
}
