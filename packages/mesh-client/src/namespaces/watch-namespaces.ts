import {
  type ApiResult,
  blockingWatchOptionKeys,
  type Clock,
  type KeySets,
  retryLoopOptionKeys,
  type WatchCallOptions,
  watchBlocking,
} from '@infra-sdk/core';
import { meshBlockingLimits } from '../blocking.js';
import type { MeshCore } from '../core.js';
import type { MeshMeta } from '../meta.js';
import { meshRequestOptionKeys } from '../scope.js';
import { type ChangedOnlyOptions, changedOnly, changedOnlyOptionKeys } from './changed-only.js';
import { type ListNamespacesOptions, listNamespaces } from './list-namespaces.js';
import { type ReadNamespaceOptions, readNamespace } from './read-namespace.js';
import type { Namespace } from './types.generated.js';

/**
 * Options of `watchNamespace`: where to start, each request's wait and consistency, back-off, signal,
 * whether to yield on every index (`everyIndex`), and the request options.
 */
export type WatchNamespaceOptions = WatchCallOptions<ReadNamespaceOptions> & ChangedOnlyOptions;

/**
 * Options of `watchNamespaces`: where to start, each request's wait and consistency, back-off, signal,
 * whether to yield on every index (`everyIndex`), and the request options.
 */
export type WatchNamespacesOptions = WatchCallOptions<ListNamespacesOptions> & ChangedOnlyOptions;

/**
 * The keys of `WatchNamespaceOptions` and `WatchNamespacesOptions`: the request options and scope of
 * each read, the watch's (`retryLoopOptionKeys`, `blockingWatchOptionKeys`) and `everyIndex`.
 */
export const watchNamespacesOptionKeys: KeySets = [
  meshRequestOptionKeys,
  retryLoopOptionKeys,
  blockingWatchOptionKeys,
  changedOnlyOptionKeys,
];

/**
 * `GET /v1/namespace/:name` as a watch: yields `{ data, meta }` for the namespace now (or, with `index`,
 * at its first change after it), then again each time it changes, until `signal` aborts or the loop is
 * left. Ends with NotFoundError once the namespace is removed (or if it does not exist). The server's
 * index moves for any change; a snapshot equal to the last one yielded is left out unless `everyIndex`.
 *
 * Options: `index` (start after it), `wait` (of each blocking read; default 5 minutes, at most 10),
 * `consistency`, `partition` and `dc` (of each read), `everyIndex` (yield on every index move, changed or
 * not; default false), `signal` (ends the watch quietly), `backoffMs` / `maxBackoffMs` / `maxFailures` /
 * `onRetry` (how failed reads are retried: connection failures, timeouts, 5xx and 429; the third in a
 * row is one warning line on `logger`, default the client's), `clock` (where it pauses and times each
 * read; default: the client's), and the request options of each read.
 *
 * @example
 * ```ts
 * import { watchNamespace } from '@infra-sdk/mesh-client';
 *
 * for await (const { data, meta } of watchNamespace(core, 'default', { wait: '1m' })) {
 *   console.log(meta.index, data.Description, data.DeletedAt ?? 'active');
 *   break; // or keep watching: one snapshot per change
 * }
 * ```
 * @throws {NotFoundError} when the namespace does not exist, or once it is removed.
 * @throws {RequestValidationError} before the first read, when the name is not a DNS hostname label,
 *   `wait` is negative, unreadable or over 10 minutes, `index` is not a whole number, `consistency`
 *   is unknown, or `options` holds a key that is not an option (named with the nearest one).
 * @throws {PermissionDeniedError} when the token may not read the namespace, or is unknown.
 * @throws {ResponseValidationError} when an answer is not a namespace, or carries no `X-Mesh-Index`
 *   (`missing-index`).
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} when `maxFailures` (10) reads in
 *   a row fail so, the message ending "(N failures in a row over T s)"; fewer are retried with back-off.
 *   Aborting the signal ends the watch without an error.
 */
export function watchNamespace(
  core: MeshCore,
  name: string,
  options: WatchNamespaceOptions = {},
): AsyncGenerator<ApiResult<Namespace, MeshMeta>, void, undefined> {
  const snapshots = watchBlocking(
    onClientClock(core, options),
    meshBlockingLimits,
    (call) => readNamespace(core, name, readOptionsOf(call)),
    watchNamespacesOptionKeys,
  );
  return changedOnly(snapshots, options.everyIndex);
}

/**
 * `GET /v1/namespaces` as a watch: yields `{ data, meta }` with the namespaces the token may see now (or,
 * with `index`, at the first change after it), then again each time that list changes, until `signal`
 * aborts or the loop is left. The server's index moves for any change (in another partition too); a
 * snapshot equal to the last one yielded is left out unless `everyIndex`.
 *
 * Options: `index` (start after it), `wait` (of each blocking read; default 5 minutes, at most 10),
 * `consistency`, `partition` and `dc` (of each read), `everyIndex` (yield on every index move, changed or
 * not; default false), `signal` (ends the watch quietly), `backoffMs` / `maxBackoffMs` / `maxFailures` /
 * `onRetry` (how failed reads are retried: connection failures, timeouts, 5xx and 429; the third in a
 * row is one warning line on `logger`, default the client's), `clock` (where it pauses and times each
 * read; default: the client's), and the request options of each read.
 *
 * @example
 * ```ts
 * import { watchNamespaces } from '@infra-sdk/mesh-client';
 *
 * const controller = new AbortController();
 * for await (const { data, meta } of watchNamespaces(core, { signal: controller.signal })) {
 *   console.log(meta.index, data.map((namespace) => namespace.Name));
 *   controller.abort(); // ends the watch quietly; without it, one snapshot per change
 * }
 * ```
 * @throws {RequestValidationError} before the first read, when `wait` is negative, unreadable or over 10
 *   minutes, `index` is not a whole number, `consistency` is unknown, or `options` holds a key that is
 *   not an option (named with the nearest one).
 * @throws {PermissionDeniedError} when the token is unknown (`ACL not found`).
 * @throws {ResponseValidationError} when an answer is not a list of namespaces, or carries no
 *   `X-Mesh-Index` (`missing-index`).
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} when `maxFailures` (10) reads in
 *   a row fail so, the message ending "(N failures in a row over T s)"; fewer are retried with back-off.
 *   Aborting the signal ends the watch without an error.
 */
export function watchNamespaces(
  core: MeshCore,
  options: WatchNamespacesOptions = {},
): AsyncGenerator<ApiResult<Namespace[], MeshMeta>, void, undefined> {
  const snapshots = watchBlocking(
    onClientClock(core, options),
    meshBlockingLimits,
    (call) => listNamespaces(core, readOptionsOf(call)),
    watchNamespacesOptionKeys,
  );
  return changedOnly(snapshots, options.everyIndex);
}

/** The options of one read of a watch: the watch's own keys left out (the read refuses unknown ones). */
function readOptionsOf(call: WatchNamespacesOptions & ReadNamespaceOptions): ReadNamespaceOptions {
  const read: Record<string, unknown> = { ...call };
  for (const key in retryLoopOptionKeys) if (key !== 'signal') delete read[key];
  delete read.everyIndex;
  return read;
}

/** A watch's options, its clock the client's unless the watch was given one. */
function onClientClock<O extends { readonly clock?: Clock | undefined }>(core: MeshCore, options: O): O {
  return options.clock === undefined ? { ...options, clock: core.clock } : options;
}
