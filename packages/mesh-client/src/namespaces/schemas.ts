import * as v from 'valibot';

// A DNS hostname label (RFC 1123): 1 to 63 letters, digits and hyphens, no hyphen at either end.
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A namespace name: a DNS hostname label. */
export const NamespaceNameSchema = v.pipe(
  v.string('must be a string'),
  v.regex(
    DNS_LABEL,
    'must be a DNS hostname label: 1 to 63 letters, digits or hyphens, starting and ending with a letter or digit',
  ),
);

// ---------------------------------------------------------------------------------------------
// Responses: loose, so fields a newer server adds survive a read-modify-write. The request bodies
// are in request-schemas.ts.

/** ACLLink as the server returns it: a name given on write comes back resolved, with both ID and Name. */
export const ACLLinkSchema = v.looseObject({
  ID: v.string(),
  Name: v.string(),
});

/** The ACLs block of a namespace: default policies and roles of tokens created in it. */
export const NamespaceACLsSchema = v.looseObject({
  // The server's list fields carry no omitempty, so an unset list may arrive as null.
  PolicyDefaults: v.nullish(v.array(ACLLinkSchema)),
  RoleDefaults: v.nullish(v.array(ACLLinkSchema)),
});

/** A namespace as read, created, updated or listed. */
export const NamespaceSchema = v.looseObject({
  Name: v.string(),
  /** The admin partition the namespace is in, on servers with partitions. */
  Partition: v.optional(v.string()),
  Description: v.optional(v.string()),
  ACLs: v.optional(NamespaceACLsSchema),
  Meta: v.optional(v.record(v.string(), v.string())),
  /** Set once the namespace is marked for deletion; reads keep succeeding until it is removed. */
  DeletedAt: v.optional(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
});

/** The body of `GET /v1/namespaces`: the namespaces the token may see. */
export const NamespaceListSchema: v.ArraySchema<typeof NamespaceSchema, undefined> = v.array(NamespaceSchema);
