export type { ChangedOnlyOptions } from './changed-only.js';
export { createNamespace } from './create-namespace.js';
export { deleteNamespace } from './delete-namespace.js';
export { isMarkedForDeletion } from './deletion-state.js';
export { type NamespacesGroup, namespaceOperations, namespacesGroup } from './group.js';
export {
  type ListNamespacesOptions,
  listNamespaces,
} from './list-namespaces.js';
export {
  type ReadNamespaceOptions,
  readNamespace,
} from './read-namespace.js';
export type {
  ACLLink,
  ACLLinkInput,
  Namespace,
  NamespaceACLs,
  NamespaceACLsInput,
  NamespaceCreate,
  NamespaceUpdate,
} from './types.generated.js';
export { updateNamespace } from './update-namespace.js';
export {
  type WaitUntilDeletedOptions,
  waitUntilNamespaceDeleted,
} from './wait-until-namespace-deleted.js';
export {
  type WatchNamespaceOptions,
  type WatchNamespacesOptions,
  watchNamespace,
  watchNamespaces,
} from './watch-namespaces.js';
