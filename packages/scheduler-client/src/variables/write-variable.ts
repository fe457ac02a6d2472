import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  RequestValidationError,
  validateRequestBody,
} from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { DeleteVariableResponseSchema, VariableSchema, WriteVariableRequestSchema } from './schemas.js';
import type { DeleteVariableResponse, Variable, WriteVariableRequest } from './types.generated.js';
import { bodyNamespace, variableRoute } from './variable-path.js';

/** Options of `writeVariable` and `deleteVariable`. */
export interface VariableWriteOptions extends NamespaceOptions {
  /**
   * Check-and-set: apply only if the variable's `ModifyIndex` is this one (`0`: only if it does not
   * exist yet). A write that carries it is safe to retry; one whose index moved fails with a `ConflictError`.
   */
  readonly cas?: number | undefined;
}

/** The keys of `VariableWriteOptions`. */
export const variableWriteOptionKeys: KeySets = [
  namespaceOptionKeys,
  { cas: 1 } as const satisfies OwnOptionKeys<VariableWriteOptions, NamespaceOptions>,
];

/** The `cas` query parameter, checked before sending. */
function casQuery(options: VariableWriteOptions | undefined, what: string): { cas?: number } {
  const cas = options?.cas;
  if (cas === undefined) return {};
  if (!Number.isSafeInteger(cas) || cas < 0) {
    throw new RequestValidationError(what, [
      { path: 'cas', message: `${cas} is not a modify index: give a whole number, 0 or more` },
    ]);
  }
  return { cas };
}

/**
 * `PUT /v1/var/:path`: creates or replaces a variable's items, and answers the variable with its new
 * `ModifyIndex`. With `cas`, only if the variable is still at that index (`0`: only if it is new).
 *
 * Options: the body's `Items` (text values by key; at least one, at most 64 KiB) and `Lock: { ID }` (a
 * locked variable is written only under its lock). Sent once unless it carries `cas` (then retried as a
 * read is) or the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { writeVariable } from '@infra-sdk/scheduler-client';
 *
 * const created = await writeVariable(core, 'team/db', { Items: { user: 'app' } }, { cas: 0 });
 * const updated = await writeVariable(
 *   core,
 *   'team/db',
 *   { Items: { user: 'app', password: 'hunter2' } },
 *   { cas: created.ModifyIndex }, // fails with a ConflictError if someone wrote in between
 * );
 * console.log(updated.ModifyIndex);
 * ```
 * @throws {RequestValidationError} before sending, when the path is refused (characters, empty segment,
 *   length, the reserved `nomad/` tree), `Items` is empty or over 64 KiB, `cas` is not a whole number,
 *   or the body has unknown fields.
 * @throws {ConflictError} when `cas` does not match the variable's `ModifyIndex`, or the variable is
 *   locked and the write does not name its lock (read it again, then retry).
 * @throws {BadRequestError} when the scheduler refuses the variable.
 * @throws {PermissionDeniedError} when the token may not write the variable.
 */
export function writeVariable(
  core: SchedulerCore,
  path: string,
  body: WriteVariableRequest,
  options?: VariableWriteOptions,
): ApiPromise<Variable> {
  return jobWrite(core, options?.cas !== undefined, options, variableWriteOptionKeys, async () => {
    const route = variableRoute(path, true);
    const query = { ...namespaceQuery(core, options), ...casQuery(options, 'variable write') };
    const checked = await validateRequestBody(WriteVariableRequestSchema, body, 'variable write');
    return {
      method: 'PUT',
      path: route,
      query,
      body: { ...bodyNamespace(core, options), Path: path, ...checked },
      schema: VariableSchema,
    };
  });
}

/**
 * `DELETE /v1/var/:path`: deletes a variable. With `cas`, only if it is still at that `ModifyIndex`.
 *
 * Sent once unless it carries `cas` (then retried as a read is) or the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { deleteVariable } from '@infra-sdk/scheduler-client';
 *
 * const variable = await scheduler.variables.write('team/old', { Items: { retired: 'yes' } });
 * await deleteVariable(core, 'team/old', { cas: variable.ModifyIndex });
 * ```
 * @throws {RequestValidationError} before sending, when the path is refused or `cas` is not a whole number.
 * @throws {ConflictError} when `cas` does not match the variable's `ModifyIndex`, or the variable is
 *   locked (release the lock first).
 * @throws {PermissionDeniedError} when the token may not destroy the variable.
 */
export function deleteVariable(
  core: SchedulerCore,
  path: string,
  options?: VariableWriteOptions,
): ApiPromise<DeleteVariableResponse> {
  return jobWrite(core, options?.cas !== undefined, options, variableWriteOptionKeys, async () => ({
    method: 'DELETE',
    path: variableRoute(path),
    query: { ...namespaceQuery(core, options), ...casQuery(options, 'variable delete') },
    schema: DeleteVariableResponseSchema,
  }));
}
