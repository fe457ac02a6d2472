// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** An ACL link to write: `ID` and/or `Name` of an existing policy or role. */
export interface ACLLinkInput {
  ID?: string | undefined;
  Name?: string | undefined;
}

/** The ACLs block to write. `null` lists are sent as null, which the server reads as empty. */
export interface NamespaceACLsInput {
  /** Default policies of tokens created in the namespace. */
  PolicyDefaults?: ACLLinkInput[] | null | undefined;
  /** Default roles of tokens created in the namespace. */
  RoleDefaults?: ACLLinkInput[] | null | undefined;
}

/** Body of PUT /v1/namespace: `Name` is required. */
export interface NamespaceCreate {
  /** The admin partition of the namespace; the `partition` option names it too, and the two must agree. */
  Partition?: string | undefined;
  Description?: string | undefined;
  /** Default ACL policies and roles; `null` clears them. */
  ACLs?: NamespaceACLsInput | null | undefined;
  Meta?: unknown;
  DeletedAt?: string | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  Name: string;
}

/**
 * Body of PUT /v1/namespace/:name: `Name` is optional and, when given, must equal the name in the path.
 * An update is usually a namespace just read and changed, so fields a newer server added (PascalCase,
 * like all of the server's) travel back unchanged; other unknown fields are typos and are refused.
 */
export interface NamespaceUpdate {
  [key: string]: unknown;
  /** The admin partition of the namespace; the `partition` option names it too, and the two must agree. */
  Partition?: string | undefined;
  Description?: string | undefined;
  /** Default ACL policies and roles; `null` clears them. */
  ACLs?: NamespaceACLsInput | null | undefined;
  Meta?: unknown;
  DeletedAt?: string | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  Name?: string | undefined;
}

/** ACLLink as the server returns it: a name given on write comes back resolved, with both ID and Name. */
export interface ACLLink {
  [key: string]: unknown;
  ID: string;
  Name: string;
}

/** The ACLs block of a namespace: default policies and roles of tokens created in it. */
export interface NamespaceACLs {
  [key: string]: unknown;
  PolicyDefaults?: ACLLink[] | null | undefined;
  RoleDefaults?: ACLLink[] | null | undefined;
}

/** A namespace as read, created, updated or listed. */
export interface Namespace {
  [key: string]: unknown;
  Name: string;
  /** The admin partition the namespace is in, on servers with partitions. */
  Partition?: string | undefined;
  Description?: string | undefined;
  ACLs?: NamespaceACLs | undefined;
  Meta?: Record<string, string> | undefined;
  /** Set once the namespace is marked for deletion; reads keep succeeding until it is removed. */
  DeletedAt?: string | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
}
