import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import type { MeshMeta } from '../meta.js';
import { type MeshRequestOptions, meshRequestOptionKeys, writeScopeQuery } from '../scope.js';
import { NamespaceCreateSchema } from './request-schemas.js';
import { NamespaceSchema } from './schemas.js';
import type { Namespace, NamespaceCreate } from './types.generated.js';

/**
 * `PUT /v1/namespace`: creates a namespace; resolves to it as stored, its ACL links resolved to both
 * `ID` and `Name` (a link may name a policy or role by either).
 *
 * Options: `partition` (`?partition=`: the admin partition to create it in; a `Partition` in the body
 * does the same, and the two must agree), `dc` (`?dc=`: the datacenter to ask), and the request options
 * (`signal`, `timeout`, `headers`, `retry`, `validateResponse`, `token`). A create is not retried unless
 * `retry: { retryWrites: true }`.
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
 * // The admin partition goes in the body (`Partition`) or as the `partition` option (`?partition=`):
 * await createNamespace(core, { Name: 'frontend', Partition: 'default' }, { dc: 'dc1' });
 * ```
 * @throws {RequestValidationError} before sending, when the body fails its schema: a `Name` that is not a
 *   DNS hostname label, an unknown field, an ACL link with neither `ID` nor `Name`, a non-string `Meta` value,
 *   a `Partition` other than the `partition` option, or a `dc` that is not a datacenter name.
 * @throws {BadRequestError} when the server refuses the body, e.g. an ACL link to an unknown policy or role.
 * @throws {ConflictError} (core's; an `ApiError` with status 409) when the name is taken, or a namespace of
 *   that name is still being deleted.
 * @throws {PermissionDeniedError} when the token lacks `operator:write`, or is unknown (`ACL not found`).
 * @throws {NotFoundError} when the partition does not exist.
 * @throws {ServerError} on a 5xx, e.g. `No path to datacenter` for an unknown `dc`, or `No cluster leader`.
 * @throws {ResponseValidationError} when the answer is not a namespace.
 */
export function createNamespace(
  core: MeshCore,
  namespace: NamespaceCreate,
  options: MeshRequestOptions = {},
): ApiPromise<Namespace, MeshMeta> {
  return sendOperation(
    core,
    async () => {
      const body = await validateRequest(NamespaceCreateSchema, namespace, 'namespace to create');
      return {
        method: 'PUT',
        path: '/namespace',
        ...(await writeScopeQuery(options, body.Partition, 'namespace to create')),
        body,
        schema: NamespaceSchema,
      };
    },
    options,
    meshRequestOptionKeys,
  );
}
