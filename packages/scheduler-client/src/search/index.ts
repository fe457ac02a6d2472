export { type SearchGroup, searchGroup } from './group.js';
export { searchFuzzy, searchPrefix } from './search.js';
export type {
  FuzzyMatch,
  SearchContext,
  SearchFuzzyRequest,
  SearchFuzzyResponse,
  SearchPrefixRequest,
  SearchPrefixResponse,
} from './types.generated.js';
