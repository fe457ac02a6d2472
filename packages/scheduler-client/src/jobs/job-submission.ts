import { type ApiPromise, path, RequestValidationError } from '@infra-sdk/core';
import { blockingRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type ReadJobOptions, readJobOptionKeys } from './read-job.js';
import { JobSubmissionResponseSchema } from './schemas.js';
import type { JobSubmissionResponse } from './types.generated.js';

/**
 * `GET /v1/job/:job_id/submission`: the source a version of a job was submitted in (its `Source`,
 * `Format` and variables), when the registration carried a `Submission`. The scheduler keeps the
 * sources of a job's latest 6 versions.
 *
 * @example
 * ```ts
 * import { readJobSubmission } from '@infra-sdk/scheduler-client';
 *
 * const source = 'job "api" { datacenters = ["dc1"] group "api" { task "server" { driver = "docker" } } }';
 * const Job = await scheduler.jobs.parse({ JobHCL: source, Canonicalize: true });
 * await scheduler.jobs.create({ Job, Submission: { Source: source, Format: 'hcl2' } });
 * const submission = await readJobSubmission(core, 'api', 0);
 * console.log(submission.Format, submission.Source === source); // hcl2 true
 * ```
 * @throws {RequestValidationError} before sending, when the id is empty or the version is not a whole
 *   number 0 or more.
 * @throws {NotFoundError} when the job, or a source of that version, is not there.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function readJobSubmission(
  core: SchedulerCore,
  jobId: string,
  version: number,
  options?: ReadJobOptions,
): ApiPromise<JobSubmissionResponse> {
  return blockingRead(core, options, readJobOptionKeys, () => {
    if (!Number.isSafeInteger(version) || version < 0) {
      throw new RequestValidationError('job submission', [
        { path: 'version', message: `${version} is not a job version: give a whole number, 0 or more` },
      ]);
    }
    return {
      path: path`/job/${jobId}/submission`,
      query: { ...namespaceQuery(core, options), version },
      schema: JobSubmissionResponseSchema,
    };
  });
}
