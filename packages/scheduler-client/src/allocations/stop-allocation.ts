import { type ApiPromise, type KeySets, type OwnOptionKeys, path, sendOperation } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { StopAllocationResponseSchema } from './schemas.js';
import type { StopAllocationResponse } from './types.generated.js';

/** Options of `stopAllocation`. */
export interface StopAllocationOptions extends NamespaceOptions {
  /** Skip the group and task shutdown delays; connections to the stopping allocation may fail. */
  readonly no_shutdown_delay?: boolean | undefined;
}

/** The keys of `StopAllocationOptions`. */
export const stopAllocationOptionKeys: KeySets = [
  namespaceOptionKeys,
  { no_shutdown_delay: 1 } as const satisfies OwnOptionKeys<StopAllocationOptions, NamespaceOptions>,
];

/**
 * `POST /v1/allocation/:alloc_id/stop`: stops an allocation; the scheduler then places a replacement
 * (the evaluation it made is `EvalID`).
 *
 * Options: `no_shutdown_delay` (skip the shutdown delays). Sent once unless the client has
 * `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { stopAllocation } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const { EvalID } = await stopAllocation(core, alloc.ID, { no_shutdown_delay: true });
 * console.log(EvalID);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token lacks `alloc-lifecycle` in the allocation's namespace.
 */
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
    stopAllocationOptionKeys,
  );
}
