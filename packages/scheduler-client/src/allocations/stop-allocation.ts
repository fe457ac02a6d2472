import { type ApiPromise, path, sendOperation } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type StopAllocationResponse, StopAllocationResponseSchema } from './schemas.js';

/** Options of `stopAllocation`. */
export interface StopAllocationOptions extends NamespaceOptions {
  /** Skip the group and task shutdown delays; connections to the stopping allocation may fail. */
  readonly no_shutdown_delay?: boolean | undefined;
}

/** POST /v1/allocation/:alloc_id/stop — stops an allocation, which the scheduler then replaces. */
export function stopAllocation(
  core: SchedulerCore,
  allocId: string,
  options?: StopAllocationOptions,
): ApiPromise<StopAllocationResponse> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: path`/allocation/${fullUuid(allocId, 'allocation id')}/stop`,
      query: { ...namespaceQuery(core, options), no_shutdown_delay: options?.no_shutdown_delay },
      schema: StopAllocationResponseSchema,
    }),
    options,
  );
}
