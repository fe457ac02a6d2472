// The grouped client: every method is a standalone operation bound to one core.
import {
  type ApiPromise,
  type RawRequest,
  type RequestOptions,
  type ResponseMeta,
  sendRawRequest,
} from '@infra-sdk/core';
import { createMeshCore, type MeshClientOptions } from './core.js';
import { createNamespacesGroup, type NamespacesGroup } from './namespaces/group.js';

/** A client of the mesh server's namespace API. */
export interface MeshClient {
  /** Create, read, update, delete, list and watch namespaces. */
  readonly namespaces: NamespacesGroup;
  /** Sends a request to an endpoint the typed surface does not cover, with the same auth, retries and errors. */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): ApiPromise<T, ResponseMeta>;
  /** A description without secrets (the token shows as `[redacted]`). */
  toJSON(): Record<string, unknown>;
}

/** Creates a client of the mesh server's namespace API. */
export function createMeshClient(options: MeshClientOptions): MeshClient {
  const core = createMeshCore(options);
  const describe = (): Record<string, unknown> => core.toJSON();
  return {
    namespaces: createNamespacesGroup(core),
    request: (request, callOptions) => sendRawRequest(core, request, callOptions),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
