import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type ReadAllocationOptions, readAllocationOptionKeys } from './read-allocation.js';
import { ServiceRegistrationListSchema } from './schemas.js';
import type { ServiceRegistration } from './types.generated.js';

/**
 * `GET /v1/allocation/:alloc_id/services`: lists the services the allocation's tasks registered in
 * the scheduler's service catalog (empty when its job declares none).
 *
 * @example
 * ```ts
 * import { listAllocationServices } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const services = await listAllocationServices(core, alloc.ID);
 * console.log(services.map((service) => `${service.ServiceName} ${service.Address}:${service.Port}`));
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs in the allocation's namespace.
 */
export function listAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: ReadAllocationOptions,
): ApiPromise<ServiceRegistration[]> {
  return blockingRead(core, options, readAllocationOptionKeys, () => ({
    path: path`/allocation/${fullUuid(allocId, 'allocation id')}/services`,
    query: namespaceQuery(core, options),
    schema: ServiceRegistrationListSchema,
  }));
}

/**
 * `GET /v1/allocation/:alloc_id/services`, blocking: yields the allocation's services now, then each
 * time they change.
 *
 * @example
 * ```ts
 * import { watchAllocationServices } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * for await (const { data: services } of watchAllocationServices(core, alloc.ID)) {
 *   console.log(services.length);
 *   break;
 * }
 * ```
 * @throws {RequestValidationError | NotFoundError | PermissionDeniedError} from the iteration, as
 *   `listAllocationServices` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: WatchCallOptions<ReadAllocationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<ServiceRegistration[]>, void, undefined> {
  return watchRead(options, readAllocationOptionKeys, (call) => listAllocationServices(core, allocId, call));
}
