import { type PaginateOptions, type Paginator, paginate } from '@infra-sdk/core';
import type { Box } from '../boxes/schemas.js';
import type { RegistryCore } from '../core.js';
import { searchBoxes } from './search-boxes.js';
import type { SearchOptions } from './search-options.js';

/** The registry's page size when `limit` is not given. */
const DEFAULT_LIMIT = 10;

/**
 * GET /api/v1/search, page after page — every matching box as an AsyncIterable (`pages()` for whole pages),
 * starting at `page` (default 1) and stopping after the first page with fewer than `limit` boxes.
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
