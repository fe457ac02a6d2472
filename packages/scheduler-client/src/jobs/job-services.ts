import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import type { ServiceRegistration } from '../allocations/index.js';
import { ServiceRegistrationListSchema } from '../allocations/schemas.js';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type ReadJobOptions, readJobOptionKeys } from './read-job.js';

/**
 * `GET /v1/job/:job_id/services`: the services the job's allocations registered in the scheduler's
 * service catalog: each with its address and port, the allocation and node behind it, and its tags.
 *
 * @example
 * ```ts
 * import { listJobServices } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: {
 *     ID: 'web',
 *     Datacenters: ['dc1'],
 *     TaskGroups: [{
 *       Name: 'web',
 *       Networks: [{ DynamicPorts: [{ Label: 'http', To: 8080 }] }],
 *       Services: [{ Name: 'web-http', PortLabel: 'http' }],
 *       Tasks: [{ Name: 'server', Driver: 'docker' }],
 *     }],
 *   },
 * });
 * const services = await listJobServices(core, 'web');
 * console.log(services.map((service) => `${service.ServiceName} ${service.Address}:${service.Port}`));
 * ```
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function listJobServices(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<ServiceRegistration[]> {
  return blockingRead(core, options, readJobOptionKeys, () => ({
    path: path`/job/${jobId}/services`,
    query: namespaceQuery(core, options),
    schema: ServiceRegistrationListSchema,
  }));
}

/**
 * `GET /v1/job/:job_id/services`, blocking: yields the job's services now, then each time one is
 * registered or goes.
 *
 * @example
 * ```ts
 * import { watchJobServices } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data: services } of watchJobServices(core, 'web')) {
 *   console.log(services.length);
 *   break; // the services as they are first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError | NotFoundError | PermissionDeniedError} from the iteration, as
 *   `listJobServices` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJobServices(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<ServiceRegistration[]>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => listJobServices(core, jobId, call));
}
