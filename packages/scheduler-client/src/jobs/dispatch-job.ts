import { type ApiPromise, path, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import {
  type DispatchJobRequest,
  DispatchJobRequestSchema,
  type JobDispatchResponse,
  JobDispatchResponseSchema,
} from './schemas.js';

/** POST /v1/job/:job_id/dispatch — starts an instance of a parameterized job with a payload and meta. */
export function dispatchJob(
  core: SchedulerCore,
  jobId: string,
  body: DispatchJobRequest = {},
  options?: NamespaceOptions,
): ApiPromise<JobDispatchResponse> {
  return jobWrite(core, (body?.IdempotencyToken ?? '') !== '', options, async () => ({
    method: 'POST',
    path: path`/job/${jobId}/dispatch`,
    query: namespaceQuery(core, options),
    body: await validateRequest(DispatchJobRequestSchema, body, 'job dispatch'),
    schema: JobDispatchResponseSchema,
  }));
}
