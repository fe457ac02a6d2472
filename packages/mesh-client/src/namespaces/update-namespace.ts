import {
  type ApiPromise,
  RequestValidationError,
  sendOperation,
  unknownFieldMessage,
  type ValidationIssue,
  validateRequest,
} from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import type { MeshMeta } from '../meta.js';
import { type MeshRequestOptions, meshRequestOptionKeys, writeScopeQuery } from '../scope.js';
import { namespacePathSegment } from './path-name.js';
import { NamespaceACLsInputSchema, NamespaceUpdateSchema } from './request-schemas.js';
import { NamespaceSchema } from './schemas.js';
import type { Namespace, NamespaceUpdate } from './types.generated.js';

/**
 * `PUT /v1/namespace/:name`: replaces a namespace's description, ACLs and metadata (fields left out are
 * cleared); resolves to it as stored. A `Name` in the body must equal `name`. A namespace just read can
 * be spread into the body: its server-managed fields are not sent.
 *
 * Options: `partition` (`?partition=`: the admin partition the namespace is in; a `Partition` in the body
 * does the same, and the two must agree), `dc` (`?dc=`: the datacenter to ask), and the request options
 * (`signal`, `timeout`, `headers`, `retry`, `validateResponse`, `token`). A full replace, so it is
 * retried like a read.
 *
 * @example
 * ```ts
 * import { createNamespace, readNamespace, updateNamespace } from '@infra-sdk/mesh-client';
 *
 * await createNamespace(core, { Name: 'team-1', Description: 'Namespace for Team 1' });
 * const current = await readNamespace(core, 'team-1');
 * const updated = await updateNamespace(core, 'team-1', { ...current, Meta: { owner: 'team-1' } });
 * console.log(updated.Meta, updated.ModifyIndex);
 * await updateNamespace(core, 'team-1', { Description: 'Team 1' }, { partition: 'default' }); // ?partition=default
 * ```
 * @throws {RequestValidationError} before sending, when the name is not a DNS hostname label, the body
 *   fails its schema (an unknown field, an ACL link with neither `ID` nor `Name`), or its `Name` differs
 *   from `name` (case included), its `Partition` differs from the `partition` option, or `partition` or
 *   `dc` is not a valid name.
 * @throws {NotFoundError} when no namespace has that name (in that partition), or the partition does not exist.
 * @throws {BadRequestError} when the server refuses the body, e.g. an ACL link to an unknown policy or role.
 * @throws {ConflictError} (core's; an `ApiError` with status 409) when the namespace is marked for deletion.
 * @throws {PermissionDeniedError} when the token lacks `operator:write`, or is unknown (`ACL not found`).
 * @throws {ServerError} on a 5xx, e.g. `No path to datacenter` for an unknown `dc`, or `No cluster leader`, once the retries are spent.
 * @throws {ResponseValidationError} when the answer is not a namespace.
 */
export function updateNamespace(
  core: MeshCore,
  name: string,
  namespace: NamespaceUpdate,
  options: MeshRequestOptions = {},
): ApiPromise<Namespace, MeshMeta> {
  return sendOperation(
    core,
    async () => {
      const segment = await namespacePathSegment(name);
      const misplaced = misplacedFields(namespace ?? {});
      if (misplaced.length > 0) throw new RequestValidationError('namespace update', misplaced);
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
        // The schema checked `Partition` as a partition name.
        ...(await writeScopeQuery(options, body.Partition as string | undefined, 'namespace update')),
        body,
        schema: NamespaceSchema,
        idempotent: true,
      };
    },
    options,
    meshRequestOptionKeys,
  );
}

/**
 * Top-level fields of an update that belong in its `ACLs` block (`PolicyDefaults`). The update lets
 * other unknown PascalCase fields through, as fields of a newer server; these are not that, but a block
 * given at the wrong level, which the server would drop.
 */
function misplacedFields(namespace: object): ValidationIssue[] {
  return Object.keys(namespace)
    .filter((key) => Object.hasOwn(NamespaceACLsInputSchema.entries, key))
    .map((key) => ({
      path: key,
      message: unknownFieldMessage(key, Object.keys(NamespaceUpdateSchema.entries), NamespaceUpdateSchema),
    }));
}
