import { type ApiPromise, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { EmptyResponseSchema, SignalAllocationRequestSchema } from './schemas.js';
import type { SignalAllocationRequest } from './types.generated.js';

/**
 * `POST /v1/client/allocation/:alloc_id/signal`: sends a signal (`SIGHUP`, ...) to one task of the
 * allocation, or to all of them when `Task` is left out. Resolves to `undefined`.
 *
 * @example
 * ```ts
 * import { signalAllocation } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * await signalAllocation(core, alloc.ID, { Signal: 'SIGHUP', Task: 'server' });
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or the
 *   body has unknown fields.
 * @throws {BadRequestError} when the allocation is not running or has no such task.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token lacks `alloc-lifecycle` in the allocation's namespace.
 */
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
      body: await validateRequestBody(SignalAllocationRequestSchema, body, 'allocation signal'),
      schema: EmptyResponseSchema,
    }),
    options,
    namespaceOptionKeys,
  ).map(() => undefined);
}
