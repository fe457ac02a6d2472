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
  create: createNamespace,
  read: readNamespace,
  update: updateNamespace,
  delete: deleteNamespace,
  list: listNamespaces,
  watch: watchNamespace,
  watchList: watchNamespaces,
  waitUntilDeleted: waitUntilNamespaceDeleted,
};

// An interface rather than an alias, so signatures and editor hovers show its name, not its members.
/** The namespace endpoints of a client: `client.namespaces.read('team-1')`. */
export interface NamespacesGroup extends BoundGroup<MeshCore, typeof namespaceOperations> {}

/** Builds `client.namespaces`. */
export function namespacesGroup(core: MeshCore): NamespacesGroup {
  return bindOperations(core, namespaceOperations);
}
