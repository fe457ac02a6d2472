import {
  type ApiPromise,
  type Query,
  type RequestOptions,
  RequestValidationError,
  sendOperation,
} from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';

/** PUT {callback} — finalises a direct upload after storage accepted the asset; the callback gets the auth header. */
export function completeDirectUpload(
  core: RegistryCore,
  callback: string,
  options?: RequestOptions,
): ApiPromise<void> {
  return sendOperation(core, () => ({ method: 'PUT', ...callbackRoute(core, callback) }), options).map(
    () => undefined,
  );
}

/** The callback as a path under `/api/v1`; any other address is refused, so the token only goes to the registry. */
export function callbackRoute(core: RegistryCore, callback: string): { path: string; query?: Query } {
  const api = new URL(core.apiUrl);
  let url: URL | undefined;
  try {
    url = new URL(callback);
  } catch {
    url = undefined;
  }
  // The URL parser has already resolved any dot segments, so a path still under the prefix stays there.
  if (url === undefined || url.origin !== api.origin || !url.pathname.startsWith(`${api.pathname}/`)) {
    throw new RequestValidationError('direct upload callback', [
      {
        path: 'callback',
        message: `must be an address under ${core.apiUrl}: the token is only sent to the registry (set baseUrl to the registry's address)`,
      },
    ]);
  }
  const path = url.pathname.slice(api.pathname.length);
  return url.search === '' ? { path } : { path, query: Object.fromEntries(url.searchParams) };
}
