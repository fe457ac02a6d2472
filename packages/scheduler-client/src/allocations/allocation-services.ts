import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import type { ReadAllocationOptions } from './read-allocation.js';
import { type ServiceRegistration, ServiceRegistrationListSchema } from './schemas.js';

/** GET /v1/allocation/:alloc_id/services — lists the services an allocation registered. */
export function listAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: ReadAllocationOptions,
): ApiPromise<ServiceRegistration[]> {
  return blockingRead(core, options, () => ({
    path: path`/allocation/${fullUuid(allocId, 'allocation id')}/services`,
    query: namespaceQuery(core, options),
    schema: ServiceRegistrationListSchema,
  }));
}

/** GET /v1/allocation/:alloc_id/services (blocking) — yields the services each time they change. */
export function watchAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: WatchCallOptions<ReadAllocationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<ServiceRegistration[]>, void, undefined> {
  return watchRead(options, (call) => listAllocationServices(core, allocId, call));
}
