import { type KeySets, type OwnOptionKeys, type RequestOptions, requestOptionKeys } from '@infra-sdk/core';
import type { SearchQuery } from './types.generated.js';

/** Per-call options of a search: the query fields next to the usual request options. */
export interface SearchOptions extends RequestOptions, SearchQuery {}

const queryKeys = {
  q: 1,
  provider: 1,
  sort: 1,
  order: 1,
  limit: 1,
  page: 1,
} as const satisfies OwnOptionKeys<SearchOptions, RequestOptions>;

/** The keys of `SearchOptions`. */
export const searchOptionKeys: KeySets = [requestOptionKeys, queryKeys];

/** Splits search options into the query (only the fields that are set) and the request options. */
export function splitSearchOptions(options: SearchOptions = {}): {
  query: Record<string, unknown>;
  request: RequestOptions;
} {
  const query: Record<string, unknown> = {};
  const request: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (Object.hasOwn(queryKeys, key)) {
      if (value !== undefined) query[key] = value;
    } else {
      request[key] = value;
    }
  }
  return { query, request: request as RequestOptions };
}
