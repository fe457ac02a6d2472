export { type SearchGroup, searchGroup, searchOperations } from './group.js';
export { iterateBoxes } from './iterate-boxes.js';
export { searchBoxes } from './search-boxes.js';
export { MAX_SEARCH_LIMIT } from './search-limit.js';
export type { SearchOptions } from './search-options.js';
export type {
  SearchQuery,
  SearchResult,
} from './types.generated.js';
