export { type SearchGroup, searchGroup } from './group.js';
export {
  type FuzzyMatch,
  FuzzyMatchSchema,
  type SearchContext,
  SearchContextSchema,
  type SearchFuzzyRequest,
  SearchFuzzyRequestSchema,
  type SearchFuzzyResponse,
  SearchFuzzyResponseSchema,
  type SearchPrefixRequest,
  SearchPrefixRequestSchema,
  type SearchPrefixResponse,
  SearchPrefixResponseSchema,
} from './schemas.js';
export { searchFuzzy, searchPrefix } from './search.js';
