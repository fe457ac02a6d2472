import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../client.js';
import { withWarnings } from '../warnings.js';
import { withJobId } from './job-id.js';
import {
  JobRegisterResponse,
  type RevertJobRequest,
  RevertJobRequest as RevertJobSchema,
} from './schemas.js';

/** POST /v1/job/:job_id/revert — registers an earlier version of a job again, as a new version. */
export function revertJob(
  core: SchedulerCore,
  jobId: string,
  body: RevertJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/job/${jobId}/revert`,
      query: namespaceQuery(core, options),
      body: withJobId(await validateRequest(RevertJobSchema, body, 'job revert'), jobId, 'job revert'),
      unwrap: withWarnings,
      schema: JobRegisterResponse,
    }),
    options,
  );
}
