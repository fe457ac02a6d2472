import {
  type ApiPromise,
  type Query,
  type RequestOptions,
  RequestValidationError,
  sendOperation,
} from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { API_V2_PREFIX, type RegistryRoute, v2Route } from '../paths.js';

/**
 * `PUT {callback}`: finalises a direct upload once storage accepted the box image; the registry then
 * hosts it. The callback gets the auth header.
 *
 * Call it only after storage answered 2xx to the PUT. The callback must be an address under the
 * client's `baseUrl` + `/api/v1` (or `/api/v2`), so the token goes to the registry only.
 *
 * @example
 * ```ts compile-only
 * import { completeDirectUpload, prepareDirectUpload } from '@infra-sdk/registry-client';
 *
 * const image = new Uint8Array(1024); // the box image
 * const { upload_path, callback } = await prepareDirectUpload(core, 'myorg/tools', '1.0.0', 'virtualbox');
 * const stored = await fetch(upload_path, { method: 'PUT', body: image });
 * if (stored.ok) await completeDirectUpload(core, callback);
 * ```
 * @throws {RequestValidationError} before sending, when `callback` is not an address under the client's
 *   `baseUrl` + `/api/v1`.
 * @throws {UnprocessableEntityError} when storage has not received the box image yet.
 * @throws {NotFoundError} when the registry knows no such direct upload for the provider.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function completeDirectUpload(
  core: RegistryCore,
  callback: string,
  options?: RequestOptions,
): ApiPromise<void> {
  return sendOperation(core, () => ({ method: 'PUT', ...callbackRoute(core, callback) }), options).map(
    () => undefined,
  );
}

/**
 * The callback as a path under `/api/v1` (or an address under `/api/v2`, where architecture-aware uploads
 * call back); any other address is refused, so the token only goes to the registry.
 */
export function callbackRoute(core: RegistryCore, callback: string): RegistryRoute & { query?: Query } {
  const v2 = `${core.baseUrl}${API_V2_PREFIX}/`;
  if (callback.startsWith(v2)) {
    const url = new URL(callback);
    // A dot segment could climb out of /api/v2; the parsed address must still be under it.
    if (url.href.startsWith(v2))
      return { ...v2Route(core.baseUrl, url.pathname.slice(API_V2_PREFIX.length)), url: url.href };
  }
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
