import type {
  ApiPromise,
  ApiResult,
  KeySets,
  OwnOptionKeys,
  Paginator,
  WatchCallOptions,
} from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingOptionKeys,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { hexPrefix } from '../identifiers.js';
import {
  type IterateOptions,
  iteratePages,
  type PagingOptions,
  pagingOptionKeys,
  pagingQuery,
} from '../paging.js';
import { EvaluationListSchema } from './schemas.js';
import type { Evaluation } from './types.generated.js';

/** Options of `listEvaluations`. */
export interface ListEvaluationsOptions extends NamespaceOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only evaluations whose id starts with this: an even number of hex characters. */
  readonly prefix?: string | undefined;
  /** Newest first instead of oldest first. */
  readonly reverse?: boolean | undefined;
}

/** Options of `iterateEvaluations`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateEvaluationsOptions = IterateOptions<ListEvaluationsOptions>;

/** The keys of `IterateEvaluationsOptions`. */
export const iterateEvaluationsOptionKeys: KeySets = [
  namespaceOptionKeys,
  pagingOptionKeys,
  { prefix: 1, reverse: 1 } as const satisfies OwnOptionKeys<
    ListEvaluationsOptions,
    NamespaceOptions & SchedulerBlockingOptions & PagingOptions
  >,
];

/** The keys of `ListEvaluationsOptions`. */
export const listEvaluationsOptionKeys: KeySets = [iterateEvaluationsOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/evaluations`: lists evaluations, oldest first: the whole list, or one page when `per_page`
 * is set (the next starts at `meta.nextToken`).
 *
 * Options: `namespace` (`'*'`: every namespace the token may see), `prefix` (even-length hex), `filter`,
 * `per_page`, `next_token`, `reverse`; `index` and `wait` make it a blocking read.
 *
 * @example
 * ```ts
 * import { listEvaluations } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * }); // the registration makes an evaluation
 * const evaluations = await listEvaluations(core, { filter: 'JobID == "web"', reverse: true });
 * console.log(evaluations.map((evaluation) => `${evaluation.TriggeredBy} ${evaluation.Status}`));
 * ```
 * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
 *   characters, `per_page` is not a whole number, or `index`/`wait` are out of range.
 * @throws {BadRequestError} when the scheduler cannot read the `filter` expression.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
 */
export function listEvaluations(
  core: SchedulerCore,
  options?: ListEvaluationsOptions,
): ApiPromise<Evaluation[]> {
  return blockingRead(core, options, listEvaluationsOptionKeys, () => ({
    path: '/evaluations',
    query: {
      ...namespaceQuery(core, options),
      prefix: hexPrefix(options?.prefix, 'evaluation listing'),
      ...pagingQuery(options, 'evaluation listing'),
      reverse: options?.reverse,
    },
    schema: EvaluationListSchema,
  }));
}

/**
 * `GET /v1/evaluations`, every page: an `AsyncIterable` of evaluations (core's `Paginator`: `.pages()`,
 * `.toArray()`), following `X-Scheduler-NextToken`.
 *
 * Options: those of the listing without the blocking ones; `per_page` (default 100) is the page size,
 * `next_token` where to start, `signal` stops it.
 *
 * @example
 * ```ts
 * import { iterateEvaluations } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * }); // the registration makes an evaluation
 * for await (const evaluation of iterateEvaluations(core, { namespace: '*' })) {
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
export function iterateEvaluations(
  core: SchedulerCore,
  options?: IterateEvaluationsOptions,
): Paginator<Evaluation> {
  return iteratePages(
    (call: ListEvaluationsOptions) => listEvaluations(core, call),
    options,
    iterateEvaluationsOptionKeys,
  );
}

/**
 * `GET /v1/evaluations`, blocking: yields the evaluation list now, then each time it changes.
 *
 * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
 * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
 *
 * @example
 * ```ts
 * import { watchEvaluations } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchEvaluations(core, { filter: 'Status == "blocked"' })) {
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
export function watchEvaluations(
  core: SchedulerCore,
  options?: WatchCallOptions<ListEvaluationsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Evaluation[]>, void, undefined> {
  return watchRead(options, listEvaluationsOptionKeys, (call) => listEvaluations(core, call));
}
