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
 * `GET /v1/evaluations`: lists evaluations, oldest first.
 *
 * @example
 * ```ts
 * import { listEvaluations } from '@infra-sdk/scheduler-client';
 *
 * const evaluations = await listEvaluations(core, { filter: 'JobID == "web"', reverse: true });
 * console.log(evaluations.map((evaluation) => `${evaluation.TriggeredBy} ${evaluation.Status}`));
 * ```
 * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
 *   characters or `per_page` is not a whole number.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
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
 * @example
 * ```ts
 * import { iterateEvaluations } from '@infra-sdk/scheduler-client';
 *
 * for await (const evaluation of iterateEvaluations(core, { namespace: '*' })) {
 *   console.log(evaluation.JobID, evaluation.Status);
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listEvaluations` throws them.
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
 * @example
 * ```ts
 * import { watchEvaluations } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchEvaluations(core, { filter: 'Status == "blocked"' })) {
 *   console.log(meta.index, data.length);
 *   break; // the current list first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listEvaluations` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchEvaluations(
  core: SchedulerCore,
  options?: WatchCallOptions<ListEvaluationsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Evaluation[]>, void, undefined> {
  return watchRead(options, listEvaluationsOptionKeys, (call) => listEvaluations(core, call));
}
