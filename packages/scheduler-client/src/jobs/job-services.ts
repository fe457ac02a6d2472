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
 * Options: `namespace`, `region`; `index` and `wait` make it a blocking read.
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
 * @throws {RequestValidationError} before sending, when the id is empty, or `index` or `wait` is out of range.
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the
 * watch quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
 *
 * @example
 * ```ts
 * import { watchJobServices } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data: services } of watchJobServices(core, 'web')) {
 *   console.log(services.length);
 *   break; // the services as they are first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the id or the watch's options are refused.
 * @throws {NotFoundError} from the iteration, when no job has that id.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
 */
export function watchJobServices(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<ServiceRegistration[]>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => listJobServices(core, jobId, call));
}
