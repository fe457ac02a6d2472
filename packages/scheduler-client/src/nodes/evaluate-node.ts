import { type ApiPromise, path, sendOperation } from '@infra-sdk/core';
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { NodeEvaluateResponseSchema } from './schemas.js';
import type { NodeEvaluateResponse } from './types.generated.js';

/**
 * `POST /v1/node/:node_id/evaluate`: creates an evaluation for each job with allocations on the node,
 * so the scheduler looks at its placements again; answers their ids (`EvalIDs`).
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { evaluateNode } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
 * const { EvalIDs } = await evaluateNode(core, node.ID);
 * console.log(EvalIDs);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no node has that id.
 * @throws {PermissionDeniedError} when the token's policy does not allow node `write`.
 */
export function evaluateNode(
  core: SchedulerCore,
  nodeId: string,
  options?: CallOptions,
): ApiPromise<NodeEvaluateResponse> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: path`/node/${fullUuid(nodeId, 'node id')}/evaluate`,
      query: regionQuery(core, options),
      schema: NodeEvaluateResponseSchema,
    }),
    options,
    callOptionKeys,
  );
}
