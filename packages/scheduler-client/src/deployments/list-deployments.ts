import type { ApiPromise, ApiResult, Paginator, WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { hexPrefix } from '../identifiers.js';
import { type IterateOptions, iteratePages, type PagingOptions, pagingQuery } from '../paging.js';
import { type Deployment, DeploymentListSchema } from './schemas.js';

/** Options of `listDeployments`. */
export interface ListDeploymentsOptions extends NamespaceOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only deployments whose id starts with this: an even number of hex characters. */
  readonly prefix?: string | undefined;
  /** Newest first instead of oldest first. */
  readonly reverse?: boolean | undefined;
}

/** Options of `iterateDeployments`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateDeploymentsOptions = IterateOptions<ListDeploymentsOptions>;

/** GET /v1/deployments — lists deployments, oldest first (one page when `per_page` is set; see `meta.nextToken`). */
export function listDeployments(
  core: SchedulerCore,
  options?: ListDeploymentsOptions,
): ApiPromise<Deployment[]> {
  return blockingRead(core, options, () => ({
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

/** GET /v1/deployments (paged) — every deployment, page by page, following `X-Scheduler-NextToken`. */
export function iterateDeployments(
  core: SchedulerCore,
  options?: IterateDeploymentsOptions,
): Paginator<Deployment> {
  return iteratePages((call: ListDeploymentsOptions) => listDeployments(core, call), options);
}

/** GET /v1/deployments (blocking) — yields the deployment list each time it changes. */
export function watchDeployments(
  core: SchedulerCore,
  options?: WatchCallOptions<ListDeploymentsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Deployment[]>, void, undefined> {
  return watchRead(options, (call) => listDeployments(core, call));
}
