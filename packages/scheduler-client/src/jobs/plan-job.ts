import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { withWarnings } from '../warnings.js';
import {
  type JobPlanResponse,
  JobPlanResponseSchema,
  type PlanJobRequest,
  PlanJobRequestSchema,
} from './schemas.js';

/** POST /v1/job/:job_id/plan — dry-runs a job update: what would be placed, stopped or fail. */
export function planJob(
  core: SchedulerCore,
  jobId: string,
  body: PlanJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobPlanResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/job/${jobId}/plan`,
      query: namespaceQuery(core, options),
      body: await validateRequest(PlanJobRequestSchema, body, 'job plan'),
      // A plan changes nothing on the server, so a retry is safe.
      idempotent: true,
      unwrap: withWarnings,
      schema: JobPlanResponseSchema,
    }),
    options,
  );
}
