import { type ApiPromise, path, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { withWarnings } from '../warnings.js';
import { withJobId } from './job-id.js';
import {
  type JobRegisterResponse,
  JobRegisterResponseSchema,
  type RevertJobRequest,
  RevertJobRequestSchema,
} from './schemas.js';

/** POST /v1/job/:job_id/revert — registers an earlier version of a job again, as a new version. */
export function revertJob(
  core: SchedulerCore,
  jobId: string,
  body: RevertJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return jobWrite(core, body?.EnforcePriorVersion !== undefined, options, async () => ({
    method: 'POST',
    path: path`/job/${jobId}/revert`,
    query: namespaceQuery(core, options),
    body: withJobId(await validateRequest(RevertJobRequestSchema, body, 'job revert'), jobId, 'job revert'),
    unwrap: withWarnings,
    schema: JobRegisterResponseSchema,
  }));
}
