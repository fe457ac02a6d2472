import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  path,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { JobDeregisterResponseSchema } from './schemas.js';
import type { JobDeregisterResponse } from './types.generated.js';

/** Options of `deregisterJob`: the query flags of `DELETE /v1/job/:job_id`. */
export interface DeregisterJobOptions extends NamespaceOptions {
  /** Remove the job (and its history) at once instead of keeping it as `dead` until garbage collection. */
  readonly purge?: boolean | undefined;
  /** Deregister a multiregion job in every region, not only this one. */
  readonly global?: boolean | undefined;
  /** Priority of the evaluation the stop creates, 1 to 100; default the job's priority. */
  readonly eval_priority?: number | undefined;
  /** Skip the group and task shutdown delays; connections to the stopping allocations may fail. */
  readonly no_shutdown_delay?: boolean | undefined;
}

/** The keys of `DeregisterJobOptions`. */
export const deregisterJobOptionKeys: KeySets = [
  namespaceOptionKeys,
  {
    purge: 1,
    global: 1,
    eval_priority: 1,
    no_shutdown_delay: 1,
  } as const satisfies OwnOptionKeys<DeregisterJobOptions, NamespaceOptions>,
];

const DeregisterQuery = v.strictObject({
  purge: v.optional(v.boolean()),
  global: v.optional(v.boolean()),
  eval_priority: v.optional(
    v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1), v.maxValue(100)),
  ),
  no_shutdown_delay: v.optional(v.boolean()),
});

/**
 * DELETE /v1/job/:job_id — stops a job (its allocations stop, it becomes `dead`); `purge` also removes it.
 *
 * Answers the evaluation that stops the allocations (`EvalID`) and the job's `JobModifyIndex`. A stopped
 * job stays readable (a new version with `Stop: true`) until garbage collection; a purged one reads as 404
 * at once.
 *
 * Options: `purge`, `global` (every region of a multiregion job), `eval_priority` (1 to 100),
 * `no_shutdown_delay` (skip the shutdown delays). Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { deregisterJob } from '@infra-sdk/scheduler-client';
 *
 * const { EvalID } = await deregisterJob(core, 'web', { purge: true });
 * console.log(EvalID);
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty or `eval_priority` is not a whole
 *   number from 1 to 100.
 * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
 */
export function deregisterJob(
  core: SchedulerCore,
  jobId: string,
  options?: DeregisterJobOptions,
): ApiPromise<JobDeregisterResponse> {
  return sendOperation(
    core,
    async () => {
      const flags = await validateRequest(
        DeregisterQuery,
        {
          purge: options?.purge,
          global: options?.global,
          eval_priority: options?.eval_priority,
          no_shutdown_delay: options?.no_shutdown_delay,
        },
        'job deregistration',
      );
      return {
        method: 'DELETE',
        path: path`/job/${jobId}`,
        query: { ...namespaceQuery(core, options), ...flags },
        schema: JobDeregisterResponseSchema,
      };
    },
    options,
    deregisterJobOptionKeys,
  );
}
