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
  /** PUT /v1/namespace — creates a namespace. */
  create: createNamespace,
  /** GET /v1/namespace/:name — reads one namespace (blocking with `index`). */
  read: readNamespace,
  /** PUT /v1/namespace/:name — replaces a namespace's description, ACLs and metadata. */
  update: updateNamespace,
  /** DELETE /v1/namespace/:name — marks a namespace for deletion. */
  delete: deleteNamespace,
  /** GET /v1/namespaces — lists the namespaces the token may see (blocking with `index`). */
  list: listNamespaces,
  /** GET /v1/namespace/:name as a watch: a snapshot now and after every change. */
  watch: watchNamespace,
  /** GET /v1/namespaces as a watch: a snapshot now and after every change. */
  watchList: watchNamespaces,
  /** GET /v1/namespace/:name until it answers 404: resolves once a deleted namespace is removed. */
  waitUntilDeleted: waitUntilNamespaceDeleted,
};

// An interface rather than an alias, so signatures and editor hovers show its name, not its members.
/** The namespace endpoints of a client: `client.namespaces.read('team-1')`. */
export interface NamespacesGroup extends BoundGroup<MeshCore, typeof namespaceOperations> {}

/** Binds the standalone namespace operations to one client core. */
export function createNamespacesGroup(core: MeshCore): NamespacesGroup {
  return bindOperations(core, namespaceOperations);
}
