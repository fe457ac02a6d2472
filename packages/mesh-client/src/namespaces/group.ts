import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import { createNamespace } from './create-namespace.js';
import { deleteNamespace } from './delete-namespace.js';
import { listNamespaces } from './list-namespaces.js';
import { readNamespace } from './read-namespace.js';
import { updateNamespace } from './update-namespace.js';
import { waitUntilNamespaceDeleted } from './wait-until-namespace-deleted.js';
import { watchNamespace, watchNamespaces } from './watch-namespaces.js';

/** The standalone namespace operations under their method names: what `client.namespaces` binds to its core. */
export const namespaceOperations = {
  /**
   * `PUT /v1/namespace`: creates a namespace; resolves to it as stored, its ACL links with both `ID` and
   * `Name`. Not retried unless `retry: { retryWrites: true }`. Options: `partition` (or `Partition` in the
   * body: the admin partition), `dc`, and the request options.
   *
   * @example
   * ```ts
   * const team = await mesh.namespaces.create({
   *   Name: 'team-1',
   *   Description: 'Namespace for Team 1',
   *   ACLs: { PolicyDefaults: [{ Name: 'node-read' }], RoleDefaults: [{ Name: 'reader' }] },
   * });
   * console.log(team.ACLs?.RoleDefaults); // [{ ID: '69748856-…', Name: 'reader' }]
   * ```
   * @throws {RequestValidationError} before sending, when the body fails its schema (a `Name` that is not
   *   a DNS hostname label, an unknown field, an ACL link with neither `ID` nor `Name`).
   * @throws {BadRequestError} when the server refuses the body, e.g. an ACL link to an unknown policy or role.
   * @throws {ConflictError} (core's; an `ApiError` with status 409) when the name is taken or still being deleted.
   * @throws {PermissionDeniedError} when the token lacks `operator:write`, or is unknown (`ACL not found`).
   * @throws {ServerError} on a 5xx, e.g. `No cluster leader`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  create: createNamespace,
  /**
   * `GET /v1/namespace/:name`: reads one namespace; one marked for deletion still reads, with `DeletedAt`
   * set. Options: `index` and `wait` make it a blocking read (at most 10 minutes), `consistency`
   * (`default`, `stale`, `consistent`; the client's by default), `partition`, `dc`, and the request options.
   *
   * @example
   * ```ts
   * await mesh.namespaces.create({ Name: 'team-1', Description: 'Namespace for Team 1' });
   * const { data, meta } = await mesh.namespaces.read('team-1').withMeta();
   * console.log(data.Description, meta.index, meta.knownLeader);
   * ```
   * @throws {NotFoundError} when no namespace has that name, or it has been removed after its deletion.
   * @throws {RequestValidationError} before sending, when the name is not a DNS hostname label, or
   *   `index`, `wait` (over 10 minutes) or `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token has neither `operator:read` nor `namespace:<name>:read`,
   *   or is unknown.
   * @throws {ServerError} on a 5xx, e.g. `No cluster leader` (only `stale` reads work without one), once
   *   the retries are spent.
   * @throws {ResponseValidationError} when the answer is not a namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readNamespace,
  /**
   * `PUT /v1/namespace/:name`: replaces a namespace's description, ACLs and metadata (fields left out are
   * cleared); a namespace just read can be spread into it. Retried like a read.
   *
   * @example
   * ```ts
   * await mesh.namespaces.create({ Name: 'team-1', Description: 'Namespace for Team 1' });
   * const current = await mesh.namespaces.read('team-1');
   * const updated = await mesh.namespaces.update('team-1', { ...current, Description: 'Payments team' });
   * console.log(updated.Description);
   * ```
   * @throws {RequestValidationError} before sending, when the name is not a DNS hostname label, the body
   *   fails its schema, or its `Name` differs from the name in the path.
   * @throws {NotFoundError} when no namespace has that name.
   * @throws {BadRequestError} when the server refuses the body, e.g. an ACL link to an unknown policy or role.
   * @throws {ConflictError} (core's; an `ApiError` with status 409) when the namespace is marked for deletion.
   * @throws {PermissionDeniedError} when the token lacks `operator:write`, or is unknown.
   * @throws {ServerError} on a 5xx, e.g. `No cluster leader`, once the retries are spent.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  update: updateNamespace,
  /**
   * `DELETE /v1/namespace/:name`: marks a namespace for deletion; resolves to `undefined` (the status is in
   * `.withMeta()`). Reads return it with `DeletedAt` set until it is removed; `waitUntilDeleted` waits
   * for that. Not retried unless `retry: { retryWrites: true }`.
   *
   * @example
   * ```ts
   * await mesh.namespaces.create({ Name: 'team-1' });
   * await mesh.namespaces.delete('team-1');
   * await mesh.namespaces.waitUntilDeleted('team-1', { signal: AbortSignal.timeout(60_000) });
   * ```
   * @throws {NotFoundError} when no namespace has that name.
   * @throws {RequestValidationError} before sending, when the name is not a DNS hostname label.
   * @throws {BadRequestError} when the namespace is the built-in `default`.
   * @throws {PermissionDeniedError} when the token lacks `operator:write`, or is unknown.
   * @throws {ServerError} on a 5xx, e.g. `No cluster leader`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  delete: deleteNamespace,
  /**
   * `GET /v1/namespaces`: lists the namespaces the token may see, sorted by name (`default` and namespaces
   * marked for deletion included). Options: `index` and `wait` make it a blocking read (at most 10
   * minutes), `consistency`, `partition`, `dc`, and the request options. `meta.resultsFilteredByAcls` says
   * whether the token's ACLs left namespaces out; `meta.defaultAclPolicy` is the server's default policy.
   *
   * @example
   * ```ts
   * await mesh.namespaces.create({ Name: 'team-1' });
   * const namespaces = await mesh.namespaces.list({ consistency: 'stale' });
   * console.log(namespaces.map((namespace) => namespace.Name)); // [ 'default', 'team-1' ]
   * ```
   * @throws {RequestValidationError} before sending, when `index`, `wait` (over 10 minutes) or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token is unknown; namespaces a known token may not read are
   *   left out, not refused.
   * @throws {ServerError} on a 5xx, e.g. `No cluster leader` (only `stale` reads work without one), once
   *   the retries are spent.
   * @throws {ResponseValidationError} when the answer is not a list of namespaces.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  list: listNamespaces,
  /**
   * `GET /v1/namespace/:name` as a watch: yields `{ data, meta }` now and after every change, until
   * `signal` aborts or the loop is left; ends with NotFoundError once the namespace is removed. A read
   * that returns the same namespace is not yielded unless `everyIndex`. Options:
   * `index`, `wait`, `consistency`, `partition`, `dc`, `everyIndex`, `signal`, `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry`,
   * `clock` (default: the client's), and the request options of each read.
   *
   * @example
   * ```ts
   * for await (const { data, meta } of mesh.namespaces.watch('default')) {
   *   console.log(meta.index, data.Name, data.DeletedAt ?? 'active');
   *   break; // or keep watching: one snapshot per change
   * }
   * ```
   * @throws {NotFoundError} when the namespace does not exist, or once it is removed.
   * @throws {RequestValidationError} before the first read, when the name, `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read the namespace, or is unknown.
   * @throws {ResponseValidationError} when an answer is not a namespace, or has no `X-Mesh-Index`.
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} when `maxFailures` (10) reads
   *   in a row fail so; fewer are retried. Aborting the signal ends the watch without an error.
   */
  watch: watchNamespace,
  /**
   * `GET /v1/namespaces` as a watch: yields `{ data, meta }` with the namespaces the token may see now and
   * after every change of that list (an index move that leaves it the same is not yielded unless
   * `everyIndex`), until `signal` aborts or the loop is left. Options: `index`, `wait`,
   * `consistency`, `partition`, `dc`, `everyIndex`, `signal`, `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry`, `clock` (default: the
   * client's), and the request options of each read.
   *
   * @example
   * ```ts
   * for await (const { data, meta } of mesh.namespaces.watchList({ wait: '5m' })) {
   *   console.log(meta.index, data.map((namespace) => namespace.Name));
   *   break; // or keep watching: one snapshot per change
   * }
   * ```
   * @throws {RequestValidationError} before the first read, when `index`, `wait` or `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token is unknown.
   * @throws {ResponseValidationError} when an answer is not a list of namespaces, or has no `X-Mesh-Index`.
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} when `maxFailures` (10) reads
   *   in a row fail so; fewer are retried. Aborting the signal ends the watch without an error.
   */
  watchList: watchNamespaces,
  /**
   * `GET /v1/namespace/:name` until it answers 404: resolves once a deleted namespace is removed (or a new
   * one took its name). It sends no delete and has no deadline of its own: pass a `signal`. Options:
   * `signal`, `wait` (each blocking read, default 60 s), `pollInterval`, `consistency`, request options.
   *
   * @example
   * ```ts
   * await mesh.namespaces.create({ Name: 'team-1' });
   * await mesh.namespaces.delete('team-1');
   * await mesh.namespaces.waitUntilDeleted('team-1', { signal: AbortSignal.timeout(60_000) });
   * console.log('team-1 is gone');
   * ```
   * @throws {AbortError} when `signal` aborts first.
   * @throws {RequestValidationError} before the first read, when the name, `wait`, `pollInterval` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read the namespace, or is unknown.
   * @throws {ServerError} on a 5xx, e.g. `No cluster leader`, once a read's retries are spent.
   * @throws {TimeoutError | ConnectionError} as every call can (the README's "Errors").
   */
  waitUntilDeleted: waitUntilNamespaceDeleted,
};

// An interface rather than an alias, so signatures and editor hovers show its name, not its members.
/** The namespace endpoints of a client: `client.namespaces.read('team-1')`. */
export interface NamespacesGroup extends BoundGroup<MeshCore, typeof namespaceOperations> {}

/** Binds the standalone namespace operations to one client core. */
export function createNamespacesGroup(core: MeshCore): NamespacesGroup {
  return bindOperations(core, namespaceOperations);
}
