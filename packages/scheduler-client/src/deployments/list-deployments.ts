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
import { DeploymentListSchema } from './schemas.js';
import type { Deployment } from './types.generated.js';

/** Options of `listDeployments`. */
export interface ListDeploymentsOptions extends NamespaceOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only deployments whose id starts with this: an even number of hex characters. */
  readonly prefix?: string | undefined;
  /** Newest first instead of oldest first. */
  readonly reverse?: boolean | undefined;
}

/** Options of `iterateDeployments`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateDeploymentsOptions = IterateOptions<ListDeploymentsOptions>;

/** The keys of `IterateDeploymentsOptions`. */
export const iterateDeploymentsOptionKeys: KeySets = [
  namespaceOptionKeys,
  pagingOptionKeys,
  { prefix: 1, reverse: 1 } as const satisfies OwnOptionKeys<
    ListDeploymentsOptions,
    NamespaceOptions & SchedulerBlockingOptions & PagingOptions
  >,
];

/** The keys of `ListDeploymentsOptions`. */
export const listDeploymentsOptionKeys: KeySets = [iterateDeploymentsOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/deployments`: lists deployments, oldest first.
 *
 * @example
 * ```ts
 * import { listDeployments } from '@infra-sdk/scheduler-client';
 *
 * const running = await listDeployments(core, { filter: 'JobID == "web"', reverse: true });
 * console.log(running.map((item) => `${item.ID} ${item.Status}`));
 * ```
 * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
 *   characters or `per_page` is not a whole number.
 * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
 */
export function listDeployments(
  core: SchedulerCore,
  options?: ListDeploymentsOptions,
): ApiPromise<Deployment[]> {
  return blockingRead(core, options, listDeploymentsOptionKeys, () => ({
    path: '/deployments',
    query: {
      ...namespaceQuery(core, options),
      prefix: hexPrefix(options?.prefix, 'deployment listing'),
      ...pagingQuery(options, 'deployment listing'),
      reverse: options?.reverse,
    },
    schema: DeploymentListSchema,
  }));
}

/**
 * `GET /v1/deployments`, every page: an `AsyncIterable` of deployments (core's `Paginator`: `.pages()`,
 * `.toArray()`), following `X-Scheduler-NextToken`.
 *
 * @example
 * ```ts
 * import { iterateDeployments } from '@infra-sdk/scheduler-client';
 *
 * for await (const item of iterateDeployments(core, { namespace: '*' })) console.log(item.JobID, item.Status);
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listDeployments` throws them.
 */
export function iterateDeployments(
  core: SchedulerCore,
  options?: IterateDeploymentsOptions,
): Paginator<Deployment> {
  return iteratePages(
    (call: ListDeploymentsOptions) => listDeployments(core, call),
    options,
    iterateDeploymentsOptionKeys,
  );
}

/**
 * `GET /v1/deployments`, blocking: yields the deployment list now, then each time it changes.
 *
 * @example
 * ```ts
 * import { watchDeployments } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchDeployments(core, { wait: '1m' })) {
 *   console.log(meta.index, data.length);
 *   break; // the current list first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listDeployments` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchDeployments(
  core: SchedulerCore,
  options?: WatchCallOptions<ListDeploymentsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Deployment[]>, void, undefined> {
  return watchRead(options, listDeploymentsOptionKeys, (call) => listDeployments(core, call));
}
