export { iterateBoxes, searchAllBoxes } from './iterate-boxes.js';
export {
  MAX_SEARCH_LIMIT,
  type SearchQuery,
  SearchQuerySchema,
  type SearchResult,
  SearchResultSchema,
} from './schemas.js';
export { searchBoxes } from './search-boxes.js';
export type { SearchOptions } from './search-options.js';
