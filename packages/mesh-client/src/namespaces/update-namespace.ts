import {
  type ApiPromise,
  type RequestOptions,
  RequestValidationError,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import { namespacePathSegment } from './path-name.js';
import { type NamespaceUpdate, NamespaceUpdateSchema } from './request-schemas.js';
import { type Namespace, NamespaceSchema } from './schemas.js';

/**
 * PUT /v1/namespace/:name — replaces a namespace's description, ACLs and metadata (fields left out are
 * cleared); resolves to it as stored. A `Name` in the body must equal `name`.
 */
export function updateNamespace(
  core: MeshCore,
  name: string,
  namespace: NamespaceUpdate,
  options?: RequestOptions,
): ApiPromise<Namespace> {
  return sendOperation(
    core,
    async () => {
      const segment = await namespacePathSegment(name);
      const body = await validateRequest(NamespaceUpdateSchema, namespace, 'namespace update');
      if (body.Name !== undefined && body.Name !== name) {
        throw new RequestValidationError('namespace update', [
          { path: 'Name', message: `must equal the name in the path ("${name}"), got "${body.Name}"` },
        ]);
      }
      // A full replace: sending it twice leaves the same state, so it is safe to retry.
      return {
        method: 'PUT',
        path: `/namespace/${segment}`,
        body,
        schema: NamespaceSchema,
        idempotent: true,
      };
    },
    options,
  );
}
