import { type ApiPromise, type ApiResult, type KeySets, path, type WatchCallOptions } from '@infra-sdk/core';
import { AllocationStubListSchema } from '../allocations/schemas.js';
import type { AllocationStub } from '../allocations/types.generated.js';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingOptionKeys,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { EvaluationSchema } from './schemas.js';
import type { Evaluation } from './types.generated.js';

/** Options of reads of one evaluation. */
export interface ReadEvaluationOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** The keys of `ReadEvaluationOptions`. */
export const readEvaluationOptionKeys: KeySets = [namespaceOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/evaluation/:eval_id`: reads one evaluation (full UUID): its `Status`, what triggered it, the
 * groups it could not place (`FailedTGAllocs`) and the blocked evaluation it left (`BlockedEval`).
 *
 * @example
 * ```ts
 * import { readEvaluation } from '@infra-sdk/scheduler-client';
 *
 * const [registration] = await scheduler.jobs.listEvaluations('web');
 * const evaluation = await readEvaluation(core, registration.ID);
 * console.log(evaluation.Status, evaluation.TriggeredBy); // complete job-register
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no evaluation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 */
export function readEvaluation(
  core: SchedulerCore,
  evaluationId: string,
  options?: ReadEvaluationOptions,
): ApiPromise<Evaluation> {
  return blockingRead(core, options, readEvaluationOptionKeys, () => ({
    path: path`/evaluation/${fullUuid(evaluationId, 'evaluation id')}`,
    query: namespaceQuery(core, options),
    schema: EvaluationSchema,
  }));
}

/**
 * `GET /v1/evaluation/:eval_id`, blocking: yields the evaluation now, then each time it changes (from
 * `pending` to `complete`, `failed` or `blocked`).
 *
 * @example
 * ```ts
 * import { watchEvaluation } from '@infra-sdk/scheduler-client';
 *
 * const [registration] = await scheduler.jobs.listEvaluations('web');
 * for await (const { data } of watchEvaluation(core, registration.ID)) {
 *   if (data.Status !== 'pending') break; // complete, failed, blocked or canceled
 * }
 * ```
 * @throws {RequestValidationError | NotFoundError | PermissionDeniedError} from the iteration, as
 *   `readEvaluation` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchEvaluation(
  core: SchedulerCore,
  evaluationId: string,
  options?: WatchCallOptions<ReadEvaluationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Evaluation>, void, undefined> {
  return watchRead(options, readEvaluationOptionKeys, (call) => readEvaluation(core, evaluationId, call));
}

/**
 * `GET /v1/evaluation/:eval_id/allocations`: lists the allocations the evaluation placed or replaced.
 *
 * @example
 * ```ts
 * import { listEvaluationAllocations } from '@infra-sdk/scheduler-client';
 *
 * const [registration] = await scheduler.jobs.listEvaluations('web');
 * const allocations = await listEvaluationAllocations(core, registration.ID);
 * console.log(allocations.map((alloc) => `${alloc.Name} ${alloc.ClientStatus}`));
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no evaluation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 */
export function listEvaluationAllocations(
  core: SchedulerCore,
  evaluationId: string,
  options?: ReadEvaluationOptions,
): ApiPromise<AllocationStub[]> {
  return blockingRead(core, options, readEvaluationOptionKeys, () => ({
    path: path`/evaluation/${fullUuid(evaluationId, 'evaluation id')}/allocations`,
    query: namespaceQuery(core, options),
    schema: AllocationStubListSchema,
  }));
}

/**
 * `GET /v1/evaluation/:eval_id/allocations`, blocking: yields the evaluation's allocations now, then each
 * time they change (placed, running, stopped).
 *
 * @example
 * ```ts
 * import { watchEvaluationAllocations } from '@infra-sdk/scheduler-client';
 *
 * const [registration] = await scheduler.jobs.listEvaluations('web');
 * for await (const { data: allocations } of watchEvaluationAllocations(core, registration.ID)) {
 *   if (allocations.every((alloc) => alloc.ClientStatus === 'running')) break;
 * }
 * ```
 * @throws {RequestValidationError | NotFoundError | PermissionDeniedError} from the iteration, as
 *   `listEvaluationAllocations` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchEvaluationAllocations(
  core: SchedulerCore,
  evaluationId: string,
  options?: WatchCallOptions<ReadEvaluationOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, readEvaluationOptionKeys, (call) =>
    listEvaluationAllocations(core, evaluationId, call),
  );
}
