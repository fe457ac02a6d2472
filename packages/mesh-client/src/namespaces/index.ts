export { createNamespace } from './create.js';
export { deleteNamespace } from './delete.js';
export { isMarkedForDeletion } from './deletion-state.js';
export { createNamespacesGroup, type NamespacesGroup, namespaceOperations } from './group.js';
export { type ListNamespacesOptions, listNamespaces } from './list.js';
export { type ReadNamespaceOptions, readNamespace } from './read.js';
export {
  type ACLLinkInput,
  ACLLinkInputSchema,
  type NamespaceACLsInput,
  NamespaceACLsInputSchema,
  type NamespaceCreate,
  NamespaceCreateSchema,
  type NamespaceUpdate,
  NamespaceUpdateSchema,
} from './request-schemas.js';
export {
  type ACLLink,
  ACLLinkSchema,
  type Namespace,
  type NamespaceACLs,
  NamespaceACLsSchema,
  NamespaceListSchema,
  NamespaceNameSchema,
  NamespaceSchema,
} from './schemas.js';
export { updateNamespace } from './update.js';
export { type WaitUntilDeletedOptions, waitUntilNamespaceDeleted } from './wait-until-deleted.js';
export {
  type WatchNamespaceOptions,
  type WatchNamespacesOptions,
  watchNamespace,
  watchNamespaces,
} from './watch.js';
