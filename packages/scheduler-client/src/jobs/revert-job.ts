import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { conflictsAsErrors, safeWrite } from '../safe-writes.js';
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
  const write = safeWrite(body?.EnforcePriorVersion !== undefined, options);
  return conflictsAsErrors(
    sendOperation(
      core,
      async () => ({
        method: 'POST',
        idempotent: write.idempotent,
        path: path`/job/${jobId}/revert`,
        query: namespaceQuery(core, options),
        body: withJobId(
          await validateRequest(RevertJobRequestSchema, body, 'job revert'),
          jobId,
          'job revert',
        ),
        unwrap: withWarnings,
        schema: JobRegisterResponseSchema,
      }),
      write.options,
    ),
  );
}
