import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import {
  EmptyResponseSchema,
  type SignalAllocationRequest,
  SignalAllocationRequestSchema,
} from './schemas.js';

/** POST /v1/client/allocation/:alloc_id/signal — sends a signal to one task, or to all tasks. */
export function signalAllocation(
  core: SchedulerCore,
  allocId: string,
  body: SignalAllocationRequest,
  options?: NamespaceOptions,
): ApiPromise<void> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/client/allocation/${fullUuid(allocId, 'allocation id')}/signal`,
      query: namespaceQuery(core, options),
      body: await validateRequest(SignalAllocationRequestSchema, body, 'allocation signal'),
      schema: EmptyResponseSchema,
    }),
    options,
  ).map(() => undefined);
}
