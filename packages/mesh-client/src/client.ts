import type { Consistency } from '@infra-sdk/core';
import {
  type ApiPromise,
  type ClientOptions,
  type RawRequest,
  type RequestOptions,
  type ResponseMeta,
  sendRawRequest,
} from '@infra-sdk/core';
import { createMeshCore } from './core.js';
import { createNamespacesGroup, type NamespacesGroup } from './namespaces/group.js';

/** Options of a mesh client. */
export interface MeshClientOptions extends ClientOptions {
  /** Consistency mode of reads and lists unless a call chooses another. Default `default`. */
  readonly consistency?: Consistency;
}

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
    request: (request, callOptions) => sendRawRequest(core.transport, request, callOptions),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
