import type { RequestOptions } from '@infra-sdk/core';
import type { SearchQuery } from './request-schemas.js';

/** Per-call options of a search: the query fields next to the usual request options. */
export interface SearchOptions extends RequestOptions, SearchQuery {}

const QUERY_FIELDS = ['q', 'provider', 'sort', 'order', 'limit', 'page'] as const;

/** Splits search options into the query (only the fields that are set) and the request options. */
export function splitSearchOptions(options: SearchOptions = {}): {
  query: Record<string, unknown>;
  request: RequestOptions;
} {
  const query: Record<string, unknown> = {};
  const request: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if ((QUERY_FIELDS as readonly string[]).includes(key)) {
      if (value !== undefined) query[key] = value;
    } else {
      request[key] = value;
    }
  }
  return { query, request: request as RequestOptions };
}
