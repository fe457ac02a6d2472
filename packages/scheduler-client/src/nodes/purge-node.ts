import { type ApiPromise, path, sendOperation } from '@infra-sdk/core';
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { NodeEvaluateResponseSchema } from './schemas.js';
import type { NodeEvaluateResponse } from './types.generated.js';

/**
 * `POST /v1/node/:node_id/purge`: removes a node from the cluster; its allocations are lost and
 * replaced elsewhere (a live node can register again). Answers the evaluations made (`EvalIDs`).
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { purgeNode } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
 * const { EvalIDs } = await purgeNode(core, node.ID);
 * console.log(EvalIDs?.length);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no node has that id.
 * @throws {PermissionDeniedError} when the token's policy does not allow node `write`.
 */
export function purgeNode(
  core: SchedulerCore,
  nodeId: string,
  options?: CallOptions,
): ApiPromise<NodeEvaluateResponse> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: path`/node/${fullUuid(nodeId, 'node id')}/purge`,
      query: regionQuery(core, options),
      schema: NodeEvaluateResponseSchema,
    }),
    options,
    callOptionKeys,
  );
}
