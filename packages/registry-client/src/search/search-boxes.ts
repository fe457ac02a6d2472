import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { SearchQuerySchema } from './request-schemas.js';
import { type SearchResult, SearchResultSchema } from './schemas.js';
import { type SearchOptions, splitSearchOptions } from './search-options.js';

/** GET /api/v1/search — one page of boxes matching `q`, `provider`, sorted by `sort` and `order` (limit at most 100). */
export function searchBoxes(core: RegistryCore, options?: SearchOptions): ApiPromise<SearchResult> {
  const { query, request } = splitSearchOptions(options);
  return sendOperation(
    core,
    async () => ({
      method: 'GET',
      path: '/search',
      query: await validateRequest(SearchQuerySchema, query, 'search query'),
      schema: SearchResultSchema,
    }),
    request,
  );
}
