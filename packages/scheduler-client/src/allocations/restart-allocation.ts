import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import {
  EmptyResponseSchema,
  type RestartAllocationRequest,
  RestartAllocationRequestSchema,
} from './schemas.js';

/** POST /v1/client/allocation/:alloc_id/restart — restarts one task, the running tasks, or every task. */
export function restartAllocation(
  core: SchedulerCore,
  allocId: string,
  body: RestartAllocationRequest = {},
  options?: NamespaceOptions,
): ApiPromise<void> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/client/allocation/${fullUuid(allocId, 'allocation id')}/restart`,
      query: namespaceQuery(core, options),
      body: await validateRequest(RestartAllocationRequestSchema, body, 'allocation restart'),
      schema: EmptyResponseSchema,
    }),
    options,
  ).map(() => undefined);
}
