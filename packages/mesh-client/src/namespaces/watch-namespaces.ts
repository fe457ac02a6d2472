import { type ApiResult, type WatchCallOptions, watchBlocking } from '@infra-sdk/core';
import { meshBlockingLimits } from '../blocking.js';
import type { MeshCore } from '../core.js';
import { type ListNamespacesOptions, listNamespaces } from './list-namespaces.js';
import { type ReadNamespaceOptions, readNamespace } from './read-namespace.js';
import type { Namespace } from './schemas.js';

/** Options of `watchNamespace`: where to start, each request's wait and consistency, back-off, signal, and the request options. */
export type WatchNamespaceOptions = WatchCallOptions<ReadNamespaceOptions>;

/** Options of `watchNamespaces`: where to start, each request's wait and consistency, back-off, signal, and the request options. */
export type WatchNamespacesOptions = WatchCallOptions<ListNamespacesOptions>;

/**
 * GET /v1/namespace/:name as a watch — yields the namespace now, then again each time it changes, until
 * `signal` aborts. Ends with NotFoundError once the namespace is removed (or if it does not exist).
 */
export function watchNamespace(
  core: MeshCore,
  name: string,
  options: WatchNamespaceOptions = {},
): AsyncGenerator<ApiResult<Namespace>, void, undefined> {
  // The watch's own keys (backoffMs...) ride along in the request options; the transport ignores them.
  return watchBlocking(options, meshBlockingLimits, (call) => readNamespace(core, name, call));
}

/**
 * GET /v1/namespaces as a watch — yields the namespaces the token may see now, then again after every
 * change, until `signal` aborts.
 */
export function watchNamespaces(
  core: MeshCore,
  options: WatchNamespacesOptions = {},
): AsyncGenerator<ApiResult<Namespace[]>, void, undefined> {
  return watchBlocking(options, meshBlockingLimits, (call) => listNamespaces(core, call));
}
