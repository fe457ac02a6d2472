// The search query: strict, checked before anything is sent.
import * as v from 'valibot';
import { MAX_SEARCH_LIMIT } from './search-limit.js';

/** Query of a search; omitted fields take the registry's defaults (sort `downloads`, order `desc`, limit 10, page 1). */
export const SearchQuerySchema = v.strictObject({
  /** Matches username, name or short description; without it, the top boxes by `sort` and `order`. */
  q: v.optional(v.string('must be a string')),
  /** Only boxes with this provider. */
  provider: v.optional(v.string('must be a string')),
  sort: v.optional(v.picklist(['downloads', 'created', 'updated'], 'must be downloads, created or updated')),
  order: v.optional(v.picklist(['desc', 'asc'], 'must be desc or asc')),
  limit: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(MAX_SEARCH_LIMIT, `must be at most ${MAX_SEARCH_LIMIT}`),
    ),
  ),
  page: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(1, 'must be at least 1'),
    ),
  ),
});
