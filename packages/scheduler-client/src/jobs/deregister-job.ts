import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import * as v from 'valibot';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type JobDeregisterResponse, JobDeregisterResponseSchema } from './schemas.js';

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

const DeregisterQuery = v.strictObject({
  purge: v.optional(v.boolean()),
  global: v.optional(v.boolean()),
  eval_priority: v.optional(
    v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1), v.maxValue(100)),
  ),
  no_shutdown_delay: v.optional(v.boolean()),
});

/** DELETE /v1/job/:job_id — stops a job (its allocations stop, it becomes `dead`); `purge` also removes it. */
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
  );
}
