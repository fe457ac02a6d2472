// Written by scripts/schema-types.mjs; do not edit. Each written type is exactly what its schema
// infers: assignable both ways, with the same properties. The package's typecheck compiles this file;
// a failing line names a type whose schema changed: run the script again.
import type * as v from 'valibot';
import type * as namespacesRequestSchemas from './namespaces/request-schemas.js';
import type * as namespacesSchemas from './namespaces/schemas.js';
import type * as namespacesTypes from './namespaces/types.generated.js';
import type * as testingRequestBody from './testing/request-body.js';
import type * as testingTypes from './testing/types.generated.js';

/** The property names of `T`, without its index signature. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };

/** True when `A` and `B` are assignable to each other and have the same properties. */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [KnownKeys<A>] extends [KnownKeys<B>]
      ? [KnownKeys<B>] extends [KnownKeys<A>]
        ? true
        : false
      : false
    : false
  : false;

type Assert<T extends true> = T;

export type Checks = [
  Assert<
    Same<namespacesTypes.ACLLinkInput, v.InferInput<typeof namespacesRequestSchemas.ACLLinkInputSchema>>
  >,
  Assert<
    Same<
      namespacesTypes.NamespaceACLsInput,
      v.InferInput<typeof namespacesRequestSchemas.NamespaceACLsInputSchema>
    >
  >,
  Assert<
    Same<namespacesTypes.NamespaceCreate, v.InferInput<typeof namespacesRequestSchemas.NamespaceCreateSchema>>
  >,
  Assert<
    Same<namespacesTypes.NamespaceUpdate, v.InferInput<typeof namespacesRequestSchemas.NamespaceUpdateSchema>>
  >,
  Assert<Same<namespacesTypes.ACLLink, v.InferOutput<typeof namespacesSchemas.ACLLinkSchema>>>,
  Assert<Same<namespacesTypes.NamespaceACLs, v.InferOutput<typeof namespacesSchemas.NamespaceACLsSchema>>>,
  Assert<Same<namespacesTypes.Namespace, v.InferOutput<typeof namespacesSchemas.NamespaceSchema>>>,
  Assert<Same<testingTypes.NamespaceBody, v.InferOutput<typeof testingRequestBody.BodySchema>>>,
];
