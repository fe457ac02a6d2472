import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { iterateEvaluations, listEvaluations, watchEvaluations } from './list-evaluations.js';
import {
  listEvaluationAllocations,
  readEvaluation,
  watchEvaluation,
  watchEvaluationAllocations,
} from './read-evaluation.js';

const evaluationOperations = {
  /**
   * `GET /v1/evaluations`: lists evaluations, oldest first: the whole list, or one page when `per_page`
   * is set (the next starts at `meta.nextToken`).
   *
   * Options: `namespace` (`'*'`: every namespace the token may see), `prefix` (even-length hex), `filter`,
   * `per_page`, `next_token`, `reverse`; `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * }); // the registration makes an evaluation
   * const evaluations = await scheduler.evaluations.list({ filter: 'JobID == "web"', reverse: true });
   * console.log(evaluations.map((evaluation) => `${evaluation.TriggeredBy} ${evaluation.Status}`));
   * ```
   * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
   *   characters, `per_page` is not a whole number, or `index`/`wait` are out of range.
   * @throws {BadRequestError} when the scheduler cannot read the `filter` expression.
   * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  list: listEvaluations,
  /**
   * `GET /v1/evaluations`, every page: an `AsyncIterable` of evaluations (core's `Paginator`: `.pages()`,
   * `.toArray()`), following `X-Scheduler-NextToken`.
   *
   * Options: those of the listing without the blocking ones; `per_page` (default 100) is the page size,
   * `next_token` where to start, `signal` stops it.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * }); // the registration makes an evaluation
   * for await (const evaluation of scheduler.evaluations.iterate({ namespace: '*' })) {
   *   console.log(evaluation.JobID, evaluation.Status);
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, before the first request, when `prefix` or
   *   `per_page` are refused.
   * @throws {ResponseValidationError} from the iteration, when the server repeats a page token (`repeated-token`).
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  iterate: iterateEvaluations,
  /**
   * `GET /v1/evaluations`, blocking: yields the evaluation list now, then each time it changes.
   *
   * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
   *
   * @example
   * ```ts
   * for await (const { data, meta } of scheduler.evaluations.watchList({ filter: 'Status == "blocked"' })) {
   *   console.log(meta.index, data.length);
   *   break; // the current list first; the next turn waits for a change
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the listing's or the watch's options are refused.
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watchList: watchEvaluations,
  /**
   * `GET /v1/evaluation/:eval_id`: reads one evaluation (full UUID): its `Status`, what triggered it, the
   * groups it could not place (`FailedTGAllocs`) and the blocked evaluation it left (`BlockedEval`).
   *
   * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * const { EvalID } = await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const evaluation = await scheduler.evaluations.read(EvalID ?? '');
   * console.log(evaluation.Status, evaluation.TriggeredBy); // complete job-register
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
   *   `index`/`wait` are out of range.
   * @throws {NotFoundError} when no evaluation has that id.
   * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readEvaluation,
  /**
   * `GET /v1/evaluation/:eval_id`, blocking: yields the evaluation now, then each time it changes (from
   * `pending` to `complete`, `failed` or `blocked`).
   *
   * Options: those of the read, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
   *
   * @example
   * ```ts
   * const { EvalID } = await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data } of scheduler.evaluations.watch(EvalID ?? '')) {
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
  watch: watchEvaluation,
  /**
   * `GET /v1/evaluation/:eval_id/allocations`: lists the allocations the evaluation placed or replaced.
   *
   * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * const { EvalID } = await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const allocations = await scheduler.evaluations.listAllocations(EvalID ?? '');
   * console.log(allocations.map((alloc) => `${alloc.Name} ${alloc.ClientStatus}`));
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
   *   `index`/`wait` are out of range.
   * @throws {NotFoundError} when no evaluation has that id.
   * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listAllocations: listEvaluationAllocations,
  /**
   * `GET /v1/evaluation/:eval_id/allocations`, blocking: yields the evaluation's allocations now, then each
   * time they change (placed, running, stopped).
   *
   * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
   *
   * @example
   * ```ts
   * const { EvalID } = await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data: allocations } of scheduler.evaluations.watchAllocations(EvalID ?? '')) {
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
  watchAllocations: watchEvaluationAllocations,
};

/** The evaluations group of the client; each method is the standalone operation with the core applied. */
export interface EvaluationsGroup extends BoundGroup<SchedulerCore, typeof evaluationOperations> {}

/** The evaluations group of the client: `client.evaluations.list()`, `client.evaluations.watch(id)`, ... */
export function evaluationsGroup(core: SchedulerCore): EvaluationsGroup {
  return bindOperations(core, evaluationOperations);
}
