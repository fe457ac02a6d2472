import { type ApiPromise, type ApiResult, path } from '@infra-sdk/core';
import { type BlockingOptions, blocking, follow, type Watch } from '../blocking.js';
import type { SchedulerCore } from '../client.js';
import { fullUuid } from '../identifiers.js';
import { type NamespaceOptions, namespaceQuery, send } from '../operation.js';
import { Allocation } from './schemas.js';

/** Options of reads of one allocation. */
export interface ReadAllocationOptions extends NamespaceOptions, BlockingOptions {}

/** GET /v1/allocation/:alloc_id — reads one allocation; the id must be the full UUID. */
export function readAllocation(
  core: SchedulerCore,
  allocId: string,
  options?: ReadAllocationOptions,
): ApiPromise<Allocation> {
  return send(core, options, () => ({
    method: 'GET',
    path: path`/allocation/${fullUuid(allocId, 'allocation id')}`,
    query: namespaceQuery(core, options),
    ...blocking(options),
    schema: Allocation,
  }));
}

/** GET /v1/allocation/:alloc_id (blocking) — yields the allocation each time it changes. */
export function watchAllocation(
  core: SchedulerCore,
  allocId: string,
  options?: Watch<ReadAllocationOptions>,
): AsyncGenerator<ApiResult<Allocation>, void, undefined> {
  return follow(options, (query) => readAllocation(core, allocId, { ...options, ...query }));
}
