import { type ApiPromise, path, sendOperation } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { PeriodicForceResponseSchema } from './schemas.js';
import type { PeriodicForceResponse } from './types.generated.js';

/**
 * `POST /v1/job/:job_id/periodic/force`: launches an instance of a periodic job now, outside its
 * schedule (a child job `<job>/periodic-<time>`), and answers the evaluation that places it.
 *
 * Sent once unless the client has `retryWrites: true` (a second call launches a second instance).
 *
 * @example
 * ```ts
 * import { forcePeriodicJob } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: {
 *     ID: 'nightly',
 *     Type: 'batch',
 *     Datacenters: ['dc1'],
 *     Periodic: { Enabled: true, Spec: '0 3 * * *', SpecType: 'cron', ProhibitOverlap: true },
 *     TaskGroups: [{ Name: 'report', Tasks: [{ Name: 'run', Driver: 'exec' }] }],
 *   },
 * });
 * const { EvalID } = await forcePeriodicJob(core, 'nightly');
 * console.log((await scheduler.evaluations.read(EvalID ?? '')).JobID); // nightly/periodic-<time>
 * ```
 * @throws {BadRequestError} when the job is not periodic (or its schedule is disabled).
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
 */
export function forcePeriodicJob(
  core: SchedulerCore,
  jobId: string,
  options?: NamespaceOptions,
): ApiPromise<PeriodicForceResponse> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: path`/job/${jobId}/periodic/force`,
      query: namespaceQuery(core, options),
      schema: PeriodicForceResponseSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}
