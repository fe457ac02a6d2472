/**
 * The valibot schemas of the mesh client: each response and request body the client checks, for code
 * that validates the service's JSON itself. The types they infer are the main entry's (`Namespace` is
 * `v.InferOutput<typeof NamespaceSchema>`), which needs no valibot.
 *
 * @module @infra-sdk/mesh-client/schemas
 */
export {
  ACLLinkInputSchema,
  NamespaceACLsInputSchema,
  NamespaceCreateSchema,
  NamespaceUpdateSchema,
} from './namespaces/request-schemas.js';
export {
  ACLLinkSchema,
  NamespaceACLsSchema,
  NamespaceListSchema,
  NamespaceNameSchema,
  NamespaceSchema,
} from './namespaces/schemas.js';
