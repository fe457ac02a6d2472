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
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { hexPrefix } from '../identifiers.js';
import {
  type IterateOptions,
  iteratePages,
  type PagingOptions,
  pagingOptionKeys,
  pagingQuery,
} from '../paging.js';
import { AclTokenStubListSchema } from './schemas.js';
import type { AclTokenStub } from './types.generated.js';

/** Options of `listAclTokens`. */
export interface ListAclTokensOptions extends CallOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only tokens whose accessor id starts with this: an even number of hex characters. */
  readonly prefix?: string | undefined;
  /** Only tokens replicated to every region. */
  readonly global?: boolean | undefined;
  /** Newest first instead of oldest first. */
  readonly reverse?: boolean | undefined;
}

/** Options of `iterateAclTokens`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateAclTokensOptions = IterateOptions<ListAclTokensOptions>;

/** The keys of `IterateAclTokensOptions`. */
export const iterateAclTokensOptionKeys: KeySets = [
  callOptionKeys,
  pagingOptionKeys,
  { prefix: 1, global: 1, reverse: 1 } as const satisfies OwnOptionKeys<
    ListAclTokensOptions,
    CallOptions & SchedulerBlockingOptions & PagingOptions
  >,
];

/** The keys of `ListAclTokensOptions`. */
export const listAclTokensOptionKeys: KeySets = [iterateAclTokensOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/acl/tokens`: lists ACL tokens without their secrets, oldest first (by accessor id with
 * `prefix` or `global`). Needs a management token.
 *
 * @example
 * ```ts
 * import { createSchedulerCore, listAclTokens } from '@infra-sdk/scheduler-client';
 * import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
 *
 * await using fake = await startFakeScheduler({ acl: { tokens: { 'root-secret': 'management' } } });
 * const admin = createSchedulerCore({ baseUrl: fake.url, token: 'root-secret' });
 * const tokens = await listAclTokens(admin, { filter: 'Type == "management"', reverse: true });
 * console.log(tokens.map((token) => `${token.AccessorID} ${token.Name}`));
 * ```
 * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
 *   characters or `per_page` is not a whole number.
 * @throws {BadRequestError} when the scheduler has ACLs off.
 * @throws {PermissionDeniedError} when the token is not a management token.
 */
export function listAclTokens(
  core: SchedulerCore,
  options?: ListAclTokensOptions,
): ApiPromise<AclTokenStub[]> {
  return blockingRead(core, options, listAclTokensOptionKeys, () => ({
    path: '/acl/tokens',
    query: {
      ...regionQuery(core, options),
      prefix: hexPrefix(options?.prefix, 'ACL token listing'),
      global: options?.global,
      ...pagingQuery(options, 'ACL token listing'),
      reverse: options?.reverse,
    },
    schema: AclTokenStubListSchema,
  }));
}

/**
 * `GET /v1/acl/tokens`, every page: an `AsyncIterable` of tokens without their secrets (core's
 * `Paginator`: `.pages()`, `.toArray()`), following `X-Scheduler-NextToken`.
 *
 * @example
 * ```ts
 * import { createSchedulerCore, iterateAclTokens } from '@infra-sdk/scheduler-client';
 * import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
 *
 * await using fake = await startFakeScheduler({ acl: { tokens: { 'root-secret': 'management' } } });
 * const admin = createSchedulerCore({ baseUrl: fake.url, token: 'root-secret' });
 * for await (const token of iterateAclTokens(admin, { per_page: 50 })) console.log(token.Name, token.Type);
 * ```
 * @throws {RequestValidationError | BadRequestError | PermissionDeniedError} from the iteration, as
 *   `listAclTokens` throws them.
 */
export function iterateAclTokens(
  core: SchedulerCore,
  options?: IterateAclTokensOptions,
): Paginator<AclTokenStub> {
  return iteratePages(
    (call: ListAclTokensOptions) => listAclTokens(core, call),
    options,
    iterateAclTokensOptionKeys,
  );
}

/**
 * `GET /v1/acl/tokens`, blocking: yields the token list now, then each time a token is created or deleted.
 *
 * @example
 * ```ts
 * import { createSchedulerCore, watchAclTokens } from '@infra-sdk/scheduler-client';
 * import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
 *
 * await using fake = await startFakeScheduler({ acl: { tokens: { 'root-secret': 'management' } } });
 * const admin = createSchedulerCore({ baseUrl: fake.url, token: 'root-secret' });
 * for await (const { data, meta } of watchAclTokens(admin)) {
 *   console.log(meta.index, data.length);
 *   break; // the current list first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listAclTokens` throws them.
 * @throws {BadRequestError} from the iteration, when the scheduler has ACLs off.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchAclTokens(
  core: SchedulerCore,
  options?: WatchCallOptions<ListAclTokensOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AclTokenStub[]>, void, undefined> {
  return watchRead(options, listAclTokensOptionKeys, (call) => listAclTokens(core, call));
}
