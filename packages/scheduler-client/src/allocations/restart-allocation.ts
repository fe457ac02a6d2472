import { type ApiPromise, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { EmptyResponseSchema, RestartAllocationRequestSchema } from './schemas.js';
import type { RestartAllocationRequest } from './types.generated.js';

/**
 * `POST /v1/client/allocation/:alloc_id/restart`: restarts one task (`TaskName`), the running tasks
 * (an empty body), or every task, prestart ones included (`AllTasks: true`). Resolves to `undefined`.
 *
 * @example
 * ```ts
 * import { restartAllocation } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * await restartAllocation(core, alloc.ID, { TaskName: 'server' });
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID, or
 *   `AllTasks` is true with a `TaskName`.
 * @throws {BadRequestError} when the allocation is not running or has no such task.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token lacks `alloc-lifecycle` in the allocation's namespace.
 */
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
      body: await validateRequestBody(RestartAllocationRequestSchema, body, 'allocation restart'),
      schema: EmptyResponseSchema,
    }),
    options,
    namespaceOptionKeys,
  ).map(() => undefined);
}
