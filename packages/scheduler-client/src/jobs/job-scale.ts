import {
  type ApiPromise,
  type ApiResult,
  path,
  sendOperation,
  validateRequestBody,
  type WatchCallOptions,
} from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { withWarnings } from '../warnings.js';
import { type ReadJobOptions, readJobOptionKeys } from './read-job.js';
import { JobRegisterResponseSchema, JobScaleStatusSchema, ScaleJobRequestSchema } from './schemas.js';
import type { JobRegisterResponse, JobScaleStatus, ScaleJobRequest } from './types.generated.js';

/**
 * POST /v1/job/:job_id/scale — sets a task group's count (`{ Group, Count, Message }`): a new job
 * version, with its evaluation and deployment. Without `Count` it only records the event.
 *
 * The event (count, `Message`, `Meta`) is kept in the group's scaling events (`jobs.scaleStatus`); the
 * answer has the evaluation (`EvalID`) and the job's new `JobModifyIndex`, and the scheduler's warnings
 * land in `meta.warnings`.
 *
 * Options: `Message`, `Meta`, `Error` (the event reports an error and sets no count), `PolicyOverride`.
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { scaleJob } from '@infra-sdk/scheduler-client';
 *
 * const { EvalID } = await scaleJob(core, 'web', { Group: 'web', Count: 2, Message: 'evening peak' });
 * console.log(EvalID);
 * ```
 * @throws {BadRequestError} when the job has no such group, the count is outside the group's `Scaling`
 *   `Min` and `Max`, or an `Error` event carries a `Count`.
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id or `Group` is empty, `Count` is not a whole
 *   number 0 or more, or a field is unknown.
 * @throws {PermissionDeniedError} when the token may not scale the job (`scale-job` or `submit-job`; with
 *   `PolicyOverride`, `policy-override` too).
 */
export function scaleJob(
  core: SchedulerCore,
  jobId: string,
  body: ScaleJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return sendOperation(
    core,
    async () => {
      const { Group, ...event } = await validateRequestBody(ScaleJobRequestSchema, body, 'job scaling');
      return {
        method: 'POST',
        path: path`/job/${jobId}/scale`,
        query: namespaceQuery(core, options),
        // The service names the group in `Target`, beside the job of the path.
        body: { ...event, Target: { Group } },
        unwrap: withWarnings,
        schema: JobRegisterResponseSchema,
      };
    },
    options,
    namespaceOptionKeys,
  );
}

/**
 * GET /v1/job/:job_id/scale — each group's desired count, its allocations and their health, and its
 * scaling events.
 *
 * `TaskGroups` gives each group's `Desired` count, its allocations of the current version (`Placed`,
 * `Running`, `Healthy`, `Unhealthy`; canaries left out) and its `Events`, newest first; `JobStopped` says
 * whether the job was stopped.
 *
 * @example
 * ```ts
 * import { readJobScaleStatus, scaleJob } from '@infra-sdk/scheduler-client';
 *
 * await scaleJob(core, 'web', { Group: 'web', Count: 2, Message: 'evening peak' });
 * const { TaskGroups } = await readJobScaleStatus(core, 'web');
 * console.log(TaskGroups?.web?.Desired, TaskGroups?.web?.Events?.[0]?.Message); // 2 evening peak
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job-scaling` or
 *   `read-job`).
 */
export function readJobScaleStatus(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<JobScaleStatus> {
  return blockingRead(core, options, readJobOptionKeys, () => ({
    path: path`/job/${jobId}/scale`,
    query: namespaceQuery(core, options),
    schema: JobScaleStatusSchema,
  }));
}

/**
 * GET /v1/job/:job_id/scale (blocking) — yields the scale status each time it changes.
 *
 * The first snapshot is the scale status as it is; the next ones come when a group's count, its
 * allocations' health or its scaling events change.
 *
 * @example
 * ```ts
 * import { watchJobScaleStatus } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchJobScaleStatus(core, 'web')) {
 *   console.log(data.TaskGroups?.web?.Desired, meta.index);
 *   break; // or go on: one snapshot per change, until `signal` aborts
 * }
 * ```
 * @throws {NotFoundError | RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `readJobScaleStatus` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJobScaleStatus(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobScaleStatus>, void, undefined> {
  return watchRead(options, readJobOptionKeys, (call) => readJobScaleStatus(core, jobId, call));
}
