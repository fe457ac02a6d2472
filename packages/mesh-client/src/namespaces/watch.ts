import { type ApiResult, watch } from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import { type MeshWatchOptions, splitWatchOptions } from '../watch-options.js';
import { listNamespaces } from './list.js';
import { readNamespace } from './read.js';
import type { Namespace } from './schemas.js';

/**
 * GET /v1/namespace/:name as a watch — yields the namespace now, then again each time it changes, until
 * `signal` aborts. Ends with NotFoundError once the namespace is removed (or if it does not exist).
 */
export async function* watchNamespace(
  core: MeshCore,
  name: string,
  options: MeshWatchOptions = {},
): AsyncGenerator<ApiResult<Namespace>, void, undefined> {
  const { watch: watchOptions, request } = splitWatchOptions(options);
  yield* watch(
    (query, signal) =>
      readNamespace(core, name, { ...request, index: query.index, wait: query.waitMs, signal }).withMeta(),
    watchOptions,
  );
}

/**
 * GET /v1/namespaces as a watch — yields the namespaces the token may see now, then again after every
 * change, until `signal` aborts.
 */
export async function* watchNamespaces(
  core: MeshCore,
  options: MeshWatchOptions = {},
): AsyncGenerator<ApiResult<Namespace[]>, void, undefined> {
  const { watch: watchOptions, request } = splitWatchOptions(options);
  yield* watch(
    (query, signal) =>
      listNamespaces(core, { ...request, index: query.index, wait: query.waitMs, signal }).withMeta(),
    watchOptions,
  );
}
