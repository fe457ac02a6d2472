import { type ApiPromise, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { NodeEligibilityRequestSchema, NodeUpdateResponseSchema } from './schemas.js';
import type { NodeEligibilityRequest, NodeUpdateResponse } from './types.generated.js';

/**
 * `POST /v1/node/:node_id/eligibility`: marks a node `eligible` or `ineligible` for new allocations;
 * those already on it stay.
 *
 * @example
 * ```ts
 * import { setNodeEligibility } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
 * await setNodeEligibility(core, node.ID, { Eligibility: 'ineligible' });
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID or `Eligibility` is
 *   neither `eligible` nor `ineligible`.
 * @throws {NotFoundError} when no node has that id.
 * @throws {PermissionDeniedError} when the token's policy does not allow node `write`.
 */
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
      body: await validateRequestBody(NodeEligibilityRequestSchema, body, 'node eligibility'),
      schema: NodeUpdateResponseSchema,
    }),
    options,
    callOptionKeys,
  );
}
