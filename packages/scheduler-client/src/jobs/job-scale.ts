import {
  type ApiPromise,
  type ApiResult,
  path,
  sendOperation,
  validateRequest,
  type WatchCallOptions,
} from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { withWarnings } from '../warnings.js';
import type { ReadJobOptions } from './read-job.js';
import {
  type JobRegisterResponse,
  JobRegisterResponseSchema,
  type JobScaleStatus,
  JobScaleStatusSchema,
  type ScaleJobRequest,
  ScaleJobRequestSchema,
} from './schemas.js';

/**
 * POST /v1/job/:job_id/scale — sets a task group's count (`{ Group, Count, Message }`): a new job
 * version, with its evaluation and deployment. Without `Count` it only records the event.
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
      const { Group, ...event } = await validateRequest(ScaleJobRequestSchema, body, 'job scaling');
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
  );
}

/** GET /v1/job/:job_id/scale — each group's desired count, its allocations and their health, and its scaling events. */
export function readJobScaleStatus(
  core: SchedulerCore,
  jobId: string,
  options?: ReadJobOptions,
): ApiPromise<JobScaleStatus> {
  return blockingRead(core, options, () => ({
    path: path`/job/${jobId}/scale`,
    query: namespaceQuery(core, options),
    schema: JobScaleStatusSchema,
  }));
}

/** GET /v1/job/:job_id/scale (blocking) — yields the scale status each time it changes. */
export function watchJobScaleStatus(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<ReadJobOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobScaleStatus>, void, undefined> {
  return watchRead(options, (call) => readJobScaleStatus(core, jobId, call));
}
