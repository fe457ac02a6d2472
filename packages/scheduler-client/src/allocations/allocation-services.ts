import { type ApiPromise, type ApiResult, path } from '@infra-sdk/core';
import { blocking, follow, type Watch } from '../blocking.js';
import type { SchedulerCore } from '../client.js';
import { fullUuid } from '../identifiers.js';
import { namespaceQuery, send } from '../operation.js';
import type { ReadAllocationOptions } from './read-allocation.js';
import { type ServiceRegistration, ServiceRegistrationList } from './schemas.js';

/** GET /v1/allocation/:alloc_id/services — lists the services an allocation registered. */
export function listAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: ReadAllocationOptions,
): ApiPromise<ServiceRegistration[]> {
  return send(core, options, () => ({
    method: 'GET',
    path: path`/allocation/${fullUuid(allocId, 'allocation id')}/services`,
    query: namespaceQuery(core, options),
    ...blocking(options),
    schema: ServiceRegistrationList,
  }));
}

/** GET /v1/allocation/:alloc_id/services (blocking) — yields the services each time they change. */
export function watchAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: Watch<ReadAllocationOptions>,
): AsyncGenerator<ApiResult<ServiceRegistration[]>, void, undefined> {
  return follow(options, (query) => listAllocationServices(core, allocId, { ...options, ...query }));
}
