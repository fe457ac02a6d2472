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
 * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
 *
 * @example
 * ```ts
 * import { readEvaluation } from '@infra-sdk/scheduler-client';
 *
 * const { EvalID } = await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const evaluation = await readEvaluation(core, EvalID ?? '');
 * console.log(evaluation.Status, evaluation.TriggeredBy); // complete job-register
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
 *   `index`/`wait` are out of range.
 * @throws {NotFoundError} when no evaluation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of the read, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
 * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
 *
 * @example
 * ```ts
 * import { watchEvaluation } from '@infra-sdk/scheduler-client';
 *
 * const { EvalID } = await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data } of watchEvaluation(core, EvalID ?? '')) {
 *   if (data.Status !== 'pending') break; // complete, failed, blocked or canceled
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
 *   options are refused.
 * @throws {NotFoundError} from the iteration, when no evaluation has that id.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
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
 * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
 *
 * @example
 * ```ts
 * import { listEvaluationAllocations } from '@infra-sdk/scheduler-client';
 *
 * const { EvalID } = await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const allocations = await listEvaluationAllocations(core, EvalID ?? '');
 * console.log(allocations.map((alloc) => `${alloc.Name} ${alloc.ClientStatus}`));
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
 *   `index`/`wait` are out of range.
 * @throws {NotFoundError} when no evaluation has that id.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
 * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
 *
 * @example
 * ```ts
 * import { watchEvaluationAllocations } from '@infra-sdk/scheduler-client';
 *
 * const { EvalID } = await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data: allocations } of watchEvaluationAllocations(core, EvalID ?? '')) {
 *   if (allocations.every((alloc) => alloc.ClientStatus === 'running')) break;
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
 *   options are refused.
 * @throws {NotFoundError} from the iteration, when no evaluation has that id.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
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
