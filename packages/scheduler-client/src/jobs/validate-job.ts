import { type ApiPromise, sendOperation } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { validateJobBody } from './job-body.js';
import { JobValidationResponseSchema, ValidateJobRequestSchema } from './schemas.js';
import type { JobValidationResponse, ValidateJobRequest } from './types.generated.js';

/**
 * `POST /v1/validate/job`: checks a job as a registration would, without registering it. A job the
 * scheduler would refuse answers its problems in `ValidationErrors` (and `Error`), not an error status;
 * a valid one answers none, with any `Warnings`.
 *
 * Options: the body's `Job` (a `JobInput`: durations may be unit text). Changes nothing, so retried as
 * reads are.
 *
 * @example
 * ```ts
 * import { validateJob } from '@infra-sdk/scheduler-client';
 *
 * const { ValidationErrors, Warnings } = await validateJob(core, {
 *   Job: { ID: 'web', TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * console.log(ValidationErrors); // [ 'Missing job datacenters' ]: fix, then register
 * console.log(Warnings);
 * ```
 * @throws {RequestValidationError} before sending, when `Job` is missing, a duration is unreadable, or
 *   a field is unknown.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function validateJob(
  core: SchedulerCore,
  body: ValidateJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobValidationResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/validate/job',
      query: namespaceQuery(core, options),
      body: await validateJobBody(ValidateJobRequestSchema, body, 'job validation'),
      schema: JobValidationResponseSchema,
      // A check changes nothing: repeating it is safe.
      idempotent: true,
    }),
    options,
    namespaceOptionKeys,
  );
}
