import { type ApiPromise, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { DrainNodeRequestSchema, NodeUpdateResponseSchema } from './schemas.js';
import type { DrainNodeRequest, NodeUpdateResponse } from './types.generated.js';

/**
 * `POST /v1/node/:node_id/drain`: with a `DrainSpec`, drains the node (it takes no new allocations;
 * its allocations migrate within `Deadline`); with `DrainSpec: null` (or none), ends the drain.
 *
 * Options: the body's `DrainSpec` (`Deadline` required: unit text such as `'1h'` or nanoseconds;
 * `IgnoreSystemJobs`), `MarkEligible` (when ending a drain), `Meta`.
 *
 * @example
 * ```ts
 * import { drainNode } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
 * await drainNode(core, node.ID, { DrainSpec: { Deadline: '1h', IgnoreSystemJobs: true }, Meta: { reason: 'kernel upgrade' } });
 * await drainNode(core, node.ID, { DrainSpec: null, MarkEligible: true }); // ends the drain
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID, a `DrainSpec` has
 *   no `Deadline`, a duration is unreadable, or the body has unknown fields.
 * @throws {NotFoundError} when no node has that id.
 * @throws {PermissionDeniedError} when the token's policy does not allow node `write`.
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
      body: await validateRequestBody(DrainNodeRequestSchema, body, 'node drain'),
      schema: NodeUpdateResponseSchema,
    }),
    options,
    callOptionKeys,
  );
}
