export { type SearchGroup, searchOperations } from './group.js';
export { iterateBoxes } from './iterate-boxes.js';
export { MAX_SEARCH_LIMIT, type SearchQuery, SearchQuerySchema } from './request-schemas.js';
export { type SearchResult, SearchResultSchema } from './schemas.js';
export { searchBoxes } from './search-boxes.js';
export type { SearchOptions } from './search-options.js';
