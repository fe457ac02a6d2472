export {
  MAX_SEARCH_LIMIT,
  type SearchQuery,
  SearchQuerySchema,
  type SearchResult,
  SearchResultSchema,
} from './schemas.js';
export { searchAllBoxes } from './search-all-boxes.js';
export { searchBoxes } from './search-boxes.js';
export type { SearchOptions } from './search-options.js';
