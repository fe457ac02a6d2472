import type { ApiPromise } from '@infra-sdk/core';
import { type BlockingReadOptions, toBlockingQuery } from '../blocking-query.js';
import type { MeshCore } from '../core.js';
import { sendChecked } from '../send.js';
import { namespacePathSegment } from './path-name.js';
import { type Namespace, NamespaceSchema } from './schemas.js';

/** Per-call options of `readNamespace`. */
export interface ReadNamespaceOptions extends BlockingReadOptions {}

/**
 * GET /v1/namespace/:name — reads one namespace; with `index` it blocks until the state moves past it.
 * A namespace marked for deletion still reads, with `DeletedAt` set; a removed one is a NotFoundError.
 */
export function readNamespace(
  core: MeshCore,
  name: string,
  options: ReadNamespaceOptions = {},
): ApiPromise<Namespace> {
  return sendChecked(
    core,
    async () => ({
      method: 'GET',
      path: `/namespace/${await namespacePathSegment(name)}`,
      blocking: await toBlockingQuery(options, core.consistency),
      schema: NamespaceSchema,
    }),
    options,
  );
}
