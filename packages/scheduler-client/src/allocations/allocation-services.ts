import {
  type ApiPromise,
  type ApiResult,
  path,
  sendOperation,
  type WatchCallOptions,
  watchBlocking,
} from '@infra-sdk/core';
import { blocking, type SchedulerConsistency, schedulerBlockingLimits } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../client.js';
import { fullUuid } from '../identifiers.js';
import type { ReadAllocationOptions } from './read-allocation.js';
import { type ServiceRegistration, ServiceRegistrationList } from './schemas.js';

/** GET /v1/allocation/:alloc_id/services — lists the services an allocation registered. */
export function listAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: ReadAllocationOptions,
): ApiPromise<ServiceRegistration[]> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: path`/allocation/${fullUuid(allocId, 'allocation id')}/services`,
      query: namespaceQuery(core, options),
      ...blocking(options),
      schema: ServiceRegistrationList,
    }),
    options,
  );
}

/** GET /v1/allocation/:alloc_id/services (blocking) — yields the services each time they change. */
export function watchAllocationServices(
  core: SchedulerCore,
  allocId: string,
  options?: WatchCallOptions<ReadAllocationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<ServiceRegistration[]>, void, undefined> {
  return watchBlocking(options, schedulerBlockingLimits, (call) =>
    listAllocationServices(core, allocId, call),
  );
}
