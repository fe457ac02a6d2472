// Paging over a next-page token. The next page is requested while the caller works through the
// current one; leaving the loop early aborts that request.
import { AbortError, ResponseValidationError } from './errors.js';
import type { ResponseMeta } from './meta.js';
import { checkOptions, type OptionKeys } from './option-keys.js';

/** One page of results. */
export interface Page<T> {
  /** The items on this page. */
  readonly items: readonly T[];
  /** Token of the next page; absent or empty on the last page. */
  readonly nextToken?: string | undefined;
  /** Metadata of the response that carried this page. */
  readonly meta?: ResponseMeta | undefined;
}

/** Fetches the page that `token` names (`undefined`: the first), honouring `signal`. */
export type PageFetcher<T> = (token: string | undefined, signal: AbortSignal) => Promise<Page<T>>;

/** Options of a paged listing. */
export interface PaginateOptions {
  /** Ends the iteration with AbortError and aborts the request in flight. */
  readonly signal?: AbortSignal | undefined;
  /** Start from this token instead of the first page. */
  readonly startToken?: string | undefined;
}

/** The keys of `PaginateOptions`. */
export const paginateOptionKeys = { signal: 1, startToken: 1 } as const satisfies OptionKeys<PaginateOptions>;

/** An async iterable of items that follows next-page tokens; `pages()` iterates whole pages. */
export interface Paginator<T> extends AsyncIterable<T> {
  /** Iterates page by page. */
  pages(): AsyncIterableIterator<Page<T>>;
  /** Collects every item (use on bounded listings only). */
  toArray(): Promise<T[]>;
}

/**
 * Builds a paginator over `fetchPage`: it asks for the next page while the current one is worked
 * through, and stops after a page without a next token.
 *
 * @example
 * ```ts
 * import { createTransport, paginate } from '@infra-sdk/core';
 *
 * const scheduler = createTransport({
 *   baseUrl: 'https://scheduler.example:4646',
 *   pathPrefix: '/v1',
 *   metaHeaders: { nextToken: 'X-Scheduler-NextToken' },
 * });
 * const nodes = paginate(async (token, signal) => {
 *   const { data, meta } = await scheduler
 *     .request<{ ID: string }[]>({ method: 'GET', path: '/nodes', query: { per_page: 1, next_token: token } }, { signal })
 *     .withMeta();
 *   return { items: data, nextToken: meta.nextToken };
 * });
 * for await (const node of nodes) console.log(node.ID); // both nodes, one page each
 * ```
 * @throws {ResponseValidationError} (`repeated-token`) when the service hands out the same token twice.
 * @throws {AbortError} when `signal` aborts; and whatever `fetchPage` throws.
 * @throws {RequestValidationError} at once, when `options` holds a key that is not an option of paging.
 */
export function paginate<T>(fetchPage: PageFetcher<T>, options: PaginateOptions = {}): Paginator<T> {
  checkOptions(options, paginateOptionKeys, 'paginate options');
  async function* pages(): AsyncGenerator<Page<T>> {
    const controller = new AbortController();
    const outer = options.signal;
    const onAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onAbort, { once: true });
    const request = (token: string | undefined) => {
      const pending = fetchPage(token, controller.signal);
      // Settled by the loop, or deliberately dropped when the caller leaves early.
      pending.catch(() => {});
      return pending;
    };
    try {
      if (outer?.aborted) throw new AbortError('The listing was aborted');
      const seen = new Set<string>();
      let pending = request(options.startToken);
      while (true) {
        const page = await pending.catch((error: unknown) => {
          if (outer?.aborted) throw new AbortError('The listing was aborted', { cause: error });
          throw error;
        });
        const next = page.nextToken || undefined;
        if (next !== undefined) {
          if (seen.has(next) || next === options.startToken) {
            throw new ResponseValidationError(
              'repeated-token',
              `The service returned the page token "${next}" twice; paging stopped to avoid a loop`,
            );
          }
          seen.add(next);
          pending = request(next);
        }
        yield page;
        if (next === undefined) return;
      }
    } finally {
      outer?.removeEventListener('abort', onAbort);
      controller.abort();
    }
  }

  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page.items;
    },
    async toArray() {
      const items: T[] = [];
      for await (const page of pages()) items.push(...page.items);
      return items;
    },
  };
}
