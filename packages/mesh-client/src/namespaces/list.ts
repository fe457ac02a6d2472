import type { ApiPromise } from '@infra-sdk/core';
import { type BlockingReadOptions, toBlockingQuery } from '../blocking-query.js';
import type { MeshCore } from '../core.js';
import { sendChecked } from '../send.js';
import { type Namespace, NamespaceListSchema } from './schemas.js';

/** Per-call options of `listNamespaces`. */
export interface ListNamespacesOptions extends BlockingReadOptions {}

/**
 * GET /v1/namespaces — lists the namespaces the token may see (the built-in `default` included, and
 * namespaces marked for deletion until they are removed); with `index` it blocks until the state moves.
 */
export function listNamespaces(core: MeshCore, options: ListNamespacesOptions = {}): ApiPromise<Namespace[]> {
  return sendChecked(
    core,
    async () => ({
      method: 'GET',
      path: '/namespaces',
      blocking: await toBlockingQuery(options, core.consistency),
      schema: NamespaceListSchema,
    }),
    options,
  );
}
