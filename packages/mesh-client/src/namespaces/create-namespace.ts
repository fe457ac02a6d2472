import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import { type NamespaceCreate, NamespaceCreateSchema } from './request-schemas.js';
import { type Namespace, NamespaceSchema } from './schemas.js';

/**
 * `PUT /v1/namespace`: creates a namespace; resolves to it as stored, its ACL links resolved to both
 * `ID` and `Name` (a link may name a policy or role by either).
 *
 * Options: the request options (`signal`, `timeout`, `headers`, `retry`, `validateResponse`). A create
 * is not retried unless `retry: { retryWrites: true }`.
 *
 * @example
 * ```ts
 * import { createNamespace } from '@infra-sdk/mesh-client';
 *
 * const team = await createNamespace(core, {
 *   Name: 'team-1',
 *   Description: 'Namespace for Team 1',
 *   ACLs: { PolicyDefaults: [{ Name: 'node-read' }], RoleDefaults: [{ Name: 'reader' }] },
 *   Meta: { owner: 'team-1' },
 * });
 * console.log(team.ACLs?.PolicyDefaults); // [{ ID: '…', Name: 'node-read' }]
 * ```
 * @throws {RequestValidationError} before sending, when the body fails its schema: a `Name` that is not a
 *   DNS hostname label, an unknown field, an ACL link with neither `ID` nor `Name`, a non-string `Meta` value.
 * @throws {BadRequestError} when the server refuses the body, e.g. an ACL link to an unknown policy or role.
 * @throws {ConflictError} (core's; an `ApiError` with status 409) when the name is taken, or a namespace of
 *   that name is still being deleted.
 * @throws {PermissionDeniedError} when the token lacks `operator:write`, or is unknown (`ACL not found`).
 * @throws {ServerError} on a 5xx, e.g. `No cluster leader`.
 * @throws {ResponseValidationError} when the answer is not a namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
 */
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
