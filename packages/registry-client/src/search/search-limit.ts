/** Largest `limit` the registry accepts. */
export const MAX_SEARCH_LIMIT = 100;
