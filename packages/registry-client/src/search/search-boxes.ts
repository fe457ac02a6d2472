import { type ApiPromise, checkOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { SearchQuerySchema } from './request-schemas.js';
import { SearchResultSchema } from './schemas.js';
import { type SearchOptions, searchOptionKeys, splitSearchOptions } from './search-options.js';
import type { SearchResult } from './types.generated.js';

/**
 * `GET /api/v1/search`: one page of the boxes the caller may see that match the query.
 *
 * Options: `q` matches username, name or short description; `provider` keeps boxes with that provider;
 * `sort` (`downloads`, `created`, `updated`) and `order` (`desc`, `asc`); `limit` (1 to 100, the
 * registry's default 10) and `page` (from 1); the request options (`signal`, `timeout`, ...) beside them.
 *
 * @example
 * ```ts
 * import { createBox, searchBoxes } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'ubuntu-tools', is_private: false });
 * const page = await searchBoxes(core, { q: 'ubuntu', sort: 'created', order: 'desc', limit: 20 });
 * console.log(page.boxes.map((box) => box.tag)); // [ 'myorg/ubuntu-tools' ]
 * ```
 * @throws {RequestValidationError} before sending, when `limit` is over 100 or below 1, `page` below 1, `sort`
 *   or `order` not one of their values, or an option is unknown (named with the nearest one).
 * @throws {DisallowedUseError} when the registry refuses a parameter; its `errors` say why.
 * @throws {UnauthorizedError} when the client's token is not one the registry knows.
 */
export function searchBoxes(core: RegistryCore, options?: SearchOptions): ApiPromise<SearchResult> {
  const { query, request } = splitSearchOptions(options);
  return sendOperation(
    core,
    async () => {
      // Checked with the query fields, so that a misspelt one is named with the nearest of them.
      checkOptions(options, searchOptionKeys, 'search options');
      return {
        method: 'GET',
        path: '/search',
        query: await validateRequest(SearchQuerySchema, query, 'search query'),
        schema: SearchResultSchema,
      };
    },
    request,
  );
}
