import { type ApiPromise, type BlockingOptions, type RequestOptions, sendOperation } from '@infra-sdk/core';
import { blockingField } from '../blocking.js';
import type { MeshCore } from '../core.js';
import { namespacePathSegment } from './path-name.js';
import { type Namespace, NamespaceSchema } from './schemas.js';

/** Per-call options of `readNamespace`: the request options and the blocking-query ones. */
export interface ReadNamespaceOptions extends RequestOptions, BlockingOptions {}

/**
 * GET /v1/namespace/:name — reads one namespace; with `index` it blocks until the state moves past it.
 * A namespace marked for deletion still reads, with `DeletedAt` set; a removed one is a NotFoundError.
 */
export function readNamespace(
  core: MeshCore,
  name: string,
  options: ReadNamespaceOptions = {},
): ApiPromise<Namespace> {
  return sendOperation(
    core,
    async () => ({
      method: 'GET',
      path: `/namespace/${await namespacePathSegment(name)}`,
      ...blockingField(options, core.consistency),
      schema: NamespaceSchema,
    }),
    options,
  );
}
