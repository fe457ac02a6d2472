// Paging and filtering of the scheduler's lists: every list that pages takes `per_page`, `next_token`
// and `filter`, and has an `iterate…` form that follows `X-Scheduler-NextToken` page by page.
import {
  type ApiPromise,
  checkOptions,
  type KeySets,
  type OptionKeys,
  type Paginator,
  paginate,
  type Query,
  RequestValidationError,
} from '@infra-sdk/core';
import type { SchedulerBlockingOptions } from './blocking.js';

/** Paging and filtering options of a list. */
export interface PagingOptions {
  /** Page size; 0 or none means the whole list in one answer. */
  readonly per_page?: number | undefined;
  /** Where the page starts: the `nextToken` of the previous page's metadata. */
  readonly next_token?: string | undefined;
  /**
   * A filter expression over the listed objects, e.g. `Status == "running"`. One the scheduler cannot
   * read fails the call (or the iteration, or the watch) with a `BadRequestError`.
   */
  readonly filter?: string | undefined;
}

/** The keys of `PagingOptions`. */
export const pagingOptionKeys = {
  per_page: 1,
  next_token: 1,
  filter: 1,
} as const satisfies OptionKeys<PagingOptions>;

/**
 * Options of an `iterate…` form: the listing's options without the blocking ones; `per_page` defaults to
 * 100. An iteration whose server repeats a page token fails with a `ResponseValidationError`
 * (`repeated-token`) instead of looping.
 */
export type IterateOptions<O> = Omit<O, keyof SchedulerBlockingOptions>;

/** The paging query of a list's options; a bad `per_page` is refused before sending. */
export function pagingQuery(options: PagingOptions | undefined, what: string): Query {
  const perPage = options?.per_page;
  if (perPage !== undefined && (!Number.isSafeInteger(perPage) || perPage < 0)) {
    throw new RequestValidationError(what, [
      { path: 'per_page', message: `${perPage} is not a whole number, 0 or more` },
    ]);
  }
  return { per_page: perPage, next_token: options?.next_token, filter: options?.filter };
}

/**
 * Every item of a list, page by page (100 a page unless `per_page` says otherwise), starting at
 * `next_token`. `keys` lists the keys `options` may hold (the listing's, less the blocking ones): any
 * other fails the iteration before the first page is asked for.
 */
export function iteratePages<T, O extends PagingOptions & { readonly signal?: AbortSignal | undefined }>(
  list: (options: O) => ApiPromise<T[]>,
  options: IterateOptions<O> | undefined,
  keys: KeySets,
): Paginator<T> {
  const { next_token: start, signal, ...rest } = (options ?? {}) as O;
  return paginate(
    async (token, pageSignal) => {
      // Here rather than at the call: nothing of an iteration runs before it starts.
      checkOptions(options, keys, 'iteration options');
      const { data, meta } = await list({
        per_page: 100,
        ...rest,
        ...(token === undefined ? {} : { next_token: token }),
        signal: pageSignal,
      } as O).withMeta();
      return { items: data, nextToken: meta.nextToken, meta };
    },
    { ...(signal === undefined ? {} : { signal }), ...(start === undefined ? {} : { startToken: start }) },
  );
}
