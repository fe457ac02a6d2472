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
 * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
 *
 * @example
 * ```ts
 * import { listAllocationServices } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const services = await listAllocationServices(core, alloc.ID);
 * console.log(services.map((service) => `${service.ServiceName} ${service.Address}:${service.Port}`));
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
 *   `index`/`wait` are out of range.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs in the allocation's namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of `listAllocationServices`, and the watch's `index`, `wait`, `signal`, `backoffMs`,
 * `maxBackoffMs`, `maxFailures` and `onRetry`.
 *
 * @example
 * ```ts
 * import { watchAllocationServices } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * for await (const { data: services } of watchAllocationServices(core, alloc.ID)) {
 *   console.log(services.length);
 *   break;
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
 *   options are out of range.
 * @throws {NotFoundError} from the iteration, when no allocation has that id.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read the allocation.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
 */
export function watchAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: WatchCallOptions<ReadAllocationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<ServiceRegistration[]>, void, undefined> {
  return watchRead(options, readAllocationOptionKeys, (call) => listAllocationServices(core, allocId, call));
}
