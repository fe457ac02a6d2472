// The grouped client: every method is a standalone operation bound to one core.
import {
  type ApiPromise,
  type RawRequest,
  type RequestOptions,
  type ResponseMeta,
  sendRawRequest,
} from '@infra-sdk/core';
import { createMeshCore, type MeshClientOptions } from './core.js';
import { type NamespacesGroup, namespacesGroup } from './namespaces/group.js';

/** A client of the mesh server's namespace API. */
export interface MeshClient {
  /** Create, read, update, delete, list and watch namespaces. */
  readonly namespaces: NamespacesGroup;
  /**
   * Sends a request to an endpoint the typed surface does not cover, with the same auth, retries and
   * errors as a typed call; `path` is under `/v1`. `schema` (valibot or any Standard Schema) checks and
   * types the payload.
   *
   * @example
   * ```ts
   * const names = await mesh
   *   .request<{ Name: string }[]>({ method: 'GET', path: '/namespaces' })
   *   .map((namespaces) => namespaces.map((namespace) => namespace.Name));
   * console.log(names); // [ 'default' ]
   * ```
   * @throws {RequestValidationError} before sending, when `path` has `.`/`..` segments, `?` or `#`, or
   *   `request` or `options` holds a key that is not one of theirs (named with the nearest one).
   * @throws {ApiError} (`NotFoundError`, `PermissionDeniedError`, ...) when the server answers an error status.
   * @throws {ResponseValidationError} when the payload does not match `schema`.
   */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): ApiPromise<T, ResponseMeta>;
  /** A description without secrets (the token shows as `[redacted]`). */
  toJSON(): Record<string, unknown>;
}

/**
 * Creates a client of the mesh server's namespace API. Nothing is sent until a method is called.
 *
 * @example
 * ```ts
 * import { createMeshClient } from '@infra-sdk/mesh-client';
 *
 * const client = createMeshClient({
 *   baseUrl: 'http://127.0.0.1:8500',
 *   token: process.env.MESH_TOKEN, // unset: anonymous
 *   consistency: 'stale',
 * });
 * console.log(await client.namespaces.read('default'));
 * ```
 * @throws {RequestValidationError} when `token` is `''` or cannot be sent in a header, `headers` holds
 *   a name or value that cannot be sent, or `options` (or its `retry`, `hooks`, `debug` or `rateLimit`)
 *   holds a key that is not an option (named with the nearest one).
 * @throws {TypeError} when `baseUrl` is not an absolute `http(s)` address, or carries credentials, a query
 *   or a fragment.
 */
export function createMeshClient(options: MeshClientOptions): MeshClient {
  const core = createMeshCore(options);
  const describe = (): Record<string, unknown> => core.toJSON();
  return {
    namespaces: namespacesGroup(core),
    request: (request, callOptions) => sendRawRequest(core, request, callOptions),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
