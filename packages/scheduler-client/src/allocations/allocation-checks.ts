import { type ApiPromise, path, sendOperation } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { AllocationChecksSchema, AllocationResourceUsageSchema } from './schemas.js';
import type { AllocationChecks, AllocationResourceUsage } from './types.generated.js';

/**
 * `GET /v1/allocation/:alloc_id/checks`: the latest result of each check of the allocation's services
 * that the scheduler runs itself, by check id: its `Status` (`success`, `failure`, `pending`), `Mode`
 * (`healthiness` or `readiness`), `Output` and when it ran.
 *
 * @example
 * ```ts
 * import { listAllocationChecks } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: {
 *     ID: 'api',
 *     Datacenters: ['dc1'],
 *     TaskGroups: [{
 *       Name: 'api',
 *       Networks: [{ DynamicPorts: [{ Label: 'http', To: 8080 }] }],
 *       Services: [{ Name: 'api-http', PortLabel: 'http', Checks: [{ Name: 'alive', Type: 'http', Path: '/health', Interval: '10s', Timeout: '2s' }] }],
 *       Tasks: [{ Name: 'server', Driver: 'docker' }],
 *     }],
 *   },
 * });
 * const [alloc] = await scheduler.jobs.listAllocations('api');
 * for (const check of Object.values((await listAllocationChecks(core, alloc.ID)) ?? {})) {
 *   console.log(check.Check, check.Status, check.Output); // alive success nomad: http ok
 * }
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function listAllocationChecks(
  core: SchedulerCore,
  allocId: string,
  options?: NamespaceOptions,
): ApiPromise<AllocationChecks> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: path`/allocation/${fullUuid(allocId, 'allocation id')}/checks`,
      query: namespaceQuery(core, options),
      schema: AllocationChecksSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}

/**
 * `GET /v1/client/allocation/:alloc_id/stats`: the resources a running allocation uses now, as its
 * node measures them: CPU and memory of the whole allocation and of each task, and when.
 *
 * @example
 * ```ts
 * import { readAllocationStats } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * for await (const { data } of scheduler.allocations.watch(alloc.ID)) {
 *   if (data.ClientStatus === 'running') break; // placed pending, running once its node started it
 * }
 * const stats = await readAllocationStats(core, alloc.ID);
 * console.log(stats.ResourceUsage?.MemoryStats?.RSS, stats.Tasks?.server?.ResourceUsage?.CpuStats?.Percent);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID.
 * @throws {BadRequestError} when the allocation is not running.
 * @throws {NotFoundError} when no allocation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function readAllocationStats(
  core: SchedulerCore,
  allocId: string,
  options?: NamespaceOptions,
): ApiPromise<AllocationResourceUsage> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: path`/client/allocation/${fullUuid(allocId, 'allocation id')}/stats`,
      query: namespaceQuery(core, options),
      schema: AllocationResourceUsageSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}
