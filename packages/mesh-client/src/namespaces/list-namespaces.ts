import { type ApiPromise, type BlockingOptions, type RequestOptions, sendOperation } from '@infra-sdk/core';
import { blockingField } from '../blocking.js';
import type { MeshCore } from '../core.js';
import { type Namespace, NamespaceListSchema } from './schemas.js';

/** Per-call options of `listNamespaces`: the request options and the blocking-query ones. */
export interface ListNamespacesOptions extends RequestOptions, BlockingOptions {}

/**
 * GET /v1/namespaces — lists the namespaces the token may see (the built-in `default` included, and
 * namespaces marked for deletion until they are removed); with `index` it blocks until the state moves.
 */
export function listNamespaces(core: MeshCore, options: ListNamespacesOptions = {}): ApiPromise<Namespace[]> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: '/namespaces',
      ...blockingField(options, core.consistency),
      schema: NamespaceListSchema,
    }),
    options,
  );
}
