import { type PaginateOptions, type Paginator, paginate } from '@infra-sdk/core';
import type { Box } from '../boxes/types.generated.js';
import type { RegistryCore } from '../core.js';
import { searchBoxes } from './search-boxes.js';
import type { SearchOptions } from './search-options.js';

/** The registry's page size when `limit` is not given. */
const DEFAULT_LIMIT = 10;

/**
 * `GET /api/v1/search`, page after page: every box the caller may see that matches the query, as an
 * `AsyncIterable` (a `Paginator`).
 *
 * Options: those of `searchBoxes` (`q`, `provider`, `sort`, `order`, `limit`, `page` to start at,
 * default 1), and `signal`. The next page is requested while you work through the current one; it
 * stops after the first page with fewer than `limit` boxes, and leaving the loop (or aborting `signal`)
 * aborts the request in flight. `pages()` gives whole pages, `toArray()` collects every box. Errors
 * come from the loop (or `toArray()`), at the page that failed.
 *
 * @example
 * ```ts
 * import { createBox, iterateBoxes } from '@infra-sdk/registry-client';
 *
 * for (const name of ['ubuntu-a', 'ubuntu-b', 'ubuntu-c']) await createBox(core, { username: 'myorg', name });
 * for await (const box of iterateBoxes(core, { q: 'ubuntu', limit: 2 })) console.log(box.tag); // three tags, two pages
 * ```
 * @throws {RequestValidationError} when the query breaks its rules (as `searchBoxes`), at the first page.
 * @throws {DisallowedUseError} when the registry refuses a parameter.
 * @throws {UnauthorizedError} when the client's token is not one the registry knows.
 */
export function iterateBoxes(core: RegistryCore, options: SearchOptions = {}): Paginator<Box> {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const first = options.page ?? 1;
  const paging: PaginateOptions = options.signal ? { signal: options.signal } : {};
  // The page number is the token: the registry pages by number, and core's paginator follows tokens.
  return paginate(async (token, signal) => {
    const page = token === undefined ? first : Number(token);
    const { data, meta } = await searchBoxes(core, { ...options, page, signal }).withMeta();
    const full = data.boxes.length >= (typeof limit === 'number' ? limit : DEFAULT_LIMIT);
    return { items: data.boxes, nextToken: full ? String(page + 1) : undefined, meta };
  }, paging);
}
