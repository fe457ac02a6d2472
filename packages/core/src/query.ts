/** One value of a query parameter, sent as text (booleans as `true`/`false`). */
export type QueryScalar = string | number | boolean;

/** Values of a query parameter that is repeated once per item (`topic=Job&topic=Node`). */
export type QueryList = readonly QueryScalar[];

/** A query value: omitted when undefined or null, repeated when a list. */
export type QueryValue = QueryScalar | QueryList | null | undefined;

/** Query parameters of a request. */
export type Query = Readonly<Record<string, QueryValue>>;

/** Serialises a query: lists become repeated keys (`topic=Job&topic=Node`), booleans `true`/`false`. */
export function toSearchParams(query: Query | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params;
}
