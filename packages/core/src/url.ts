// Addresses: the service's base URL and prefix as configured, and the URL of one call (its path,
// query and blocking-query parameters).
import type { Query } from './query.js';
import { toSearchParams } from './query.js';
import { redactUrl } from './redact.js';

/** What of a request the URL of its call is made of. */
export interface UrlParts {
  /** Query parameters; `undefined` and `null` values are left out, lists repeat the key. */
  readonly query?: Query | undefined;
  /** Index, wait and consistency of a blocking query. */
  readonly blocking?:
    | {
        readonly index?: number | undefined;
        readonly waitMs?: number | undefined;
        readonly consistency?: 'default' | 'stale' | 'consistent' | undefined;
      }
    | undefined;
}

/** Formats a wait in ms as the duration text services accept (`300s`, `250ms`). */
export function formatWait(waitMs: number): string {
  return waitMs % 1000 === 0 ? `${waitMs / 1000}s` : `${Math.ceil(waitMs)}ms`;
}

/** The URL of a call: a string unless query parameters need a URL object. */
export function callUrl(address: string, parts: UrlParts): string | URL {
  const { query, blocking } = parts;
  if (!query && !blocking) return address;
  const url = new URL(address);
  const params = url.searchParams;
  for (const [key, value] of toSearchParams(query)) params.append(key, value);
  if (blocking) {
    const { index, waitMs, consistency } = blocking;
    if (index !== undefined) params.set('index', String(index));
    if (waitMs !== undefined) params.set('wait', formatWait(waitMs));
    if (consistency === 'stale' || consistency === 'consistent') params.set(consistency, 'true');
  }
  return url;
}

/** `value` as an http(s) URL; the errors name `option` (`trustedOrigins` holds a list of them). */
export function parseHttpUrl(value: string, option: 'baseUrl' | 'trustedOrigins'): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(
      `${option} must ${option === 'baseUrl' ? 'be an absolute http(s) URL' : 'hold absolute http(s) URLs'}, not "${redactUrl(value)}"`,
    );
  }
  if (!/^https?:$/.test(url.protocol))
    throw new TypeError(`${option} must use http or https, not ${url.protocol}`);
  return url;
}

/** The base URL without a trailing slash; refuses one with credentials, a query or a fragment. */
export function parseBaseUrl(value: string): string {
  const url = parseHttpUrl(value, 'baseUrl');
  if (url.username || url.password || url.search || url.hash) {
    throw new TypeError('baseUrl must not carry credentials, a query or a fragment');
  }
  return url.href.replace(/\/+$/, '');
}

/** A path prefix with one leading slash and none trailing (`/v1`), or `''`. */
export function normalisePrefix(prefix: string | undefined): string {
  const trimmed = prefix?.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}
