import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import { type NamespaceCreate, NamespaceCreateSchema } from './request-schemas.js';
import { type Namespace, NamespaceSchema } from './schemas.js';

/** PUT /v1/namespace — creates a namespace; resolves to it as stored, ACL links with both ID and Name. */
export function createNamespace(
  core: MeshCore,
  namespace: NamespaceCreate,
  options?: RequestOptions,
): ApiPromise<Namespace> {
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: '/namespace',
      body: await validateRequest(NamespaceCreateSchema, namespace, 'namespace to create'),
      schema: NamespaceSchema,
    }),
    options,
  );
}
