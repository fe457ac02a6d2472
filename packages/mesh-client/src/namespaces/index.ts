export { createNamespace } from './create.js';
export { deleteNamespace } from './delete.js';
export { isMarkedForDeletion } from './deletion-state.js';
export { createNamespacesGroup, type NamespacesGroup, namespaceOperations } from './group.js';
export { type ListNamespacesOptions, listNamespaces } from './list.js';
export { type ReadNamespaceOptions, readNamespace } from './read.js';
export {
  type ACLLink,
  type ACLLinkInput,
  ACLLinkInputSchema,
  ACLLinkSchema,
  type Namespace,
  type NamespaceACLs,
  type NamespaceACLsInput,
  NamespaceACLsInputSchema,
  NamespaceACLsSchema,
  type NamespaceCreate,
  NamespaceCreateSchema,
  NamespaceListSchema,
  NamespaceNameSchema,
  NamespaceSchema,
  type NamespaceUpdate,
  NamespaceUpdateSchema,
} from './schemas.js';
export { updateNamespace } from './update.js';
export { type WaitUntilDeletedOptions, waitUntilNamespaceDeleted } from './wait-until-deleted.js';
export {
  type WatchNamespaceOptions,
  type WatchNamespacesOptions,
  watchNamespace,
  watchNamespaces,
} from './watch.js';
