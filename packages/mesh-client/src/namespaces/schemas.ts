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
// Responses: loose, so fields a newer server adds survive a read-modify-write.

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
  Description: v.optional(v.string()),
  ACLs: v.optional(NamespaceACLsSchema),
  Meta: v.optional(v.record(v.string(), v.string())),
  /** Set once the namespace is marked for deletion; reads keep succeeding until it is removed. */
  DeletedAt: v.optional(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
});

/** GET /v1/namespaces: the namespaces the token may see. */
export const NamespaceListSchema = v.array(NamespaceSchema);

/** An ACL link in a response. */
export interface ACLLink extends v.InferOutput<typeof ACLLinkSchema> {}
/** The ACLs block in a response. */
export interface NamespaceACLs extends v.InferOutput<typeof NamespaceACLsSchema> {}
/** A namespace in a response. */
export interface Namespace extends v.InferOutput<typeof NamespaceSchema> {}

// ---------------------------------------------------------------------------------------------
// Requests: strict, checked before anything is sent.

const linkField = v.pipe(v.string(), v.nonEmpty('must not be empty'));
// valibot's record drops these keys without a word; refusing them keeps a write from losing data.
const RESERVED_KEYS = ['__proto__', 'prototype', 'constructor'];

/** Meta to write: string values, and no key that would be dropped on the way. */
const MetaInputSchema = v.pipe(
  v.unknown(),
  v.check(
    (value) =>
      typeof value !== 'object' || value === null || !RESERVED_KEYS.some((key) => Object.hasOwn(value, key)),
    `Meta keys cannot be ${RESERVED_KEYS.join(', ')}`,
  ),
  v.record(v.string(), v.string()),
);

/** Messages of a strict object: an unknown field is named together with the known ones. */
/* @__NO_SIDE_EFFECTS__ */
function strictMessage(known: string): (issue: v.StrictObjectIssue) => string {
  return (issue) =>
    issue.expected === 'never'
      ? `unknown field ${issue.received}; the fields are ${known} (names are case-sensitive)`
      : `must be an object, not ${issue.received}`;
}

/** An ACL link to write: `ID` and/or `Name` of an existing policy or role. */
export const ACLLinkInputSchema = v.pipe(
  v.strictObject({ ID: v.optional(linkField), Name: v.optional(linkField) }, strictMessage('ID, Name')),
  v.check((link) => link.ID !== undefined || link.Name !== undefined, 'an ACL link needs an ID or a Name'),
);

/** The ACLs block to write. `null` lists are sent as null, which the server reads as empty. */
export const NamespaceACLsInputSchema = v.strictObject(
  {
    /** Default policies of tokens created in the namespace. */
    PolicyDefaults: v.nullish(v.array(ACLLinkInputSchema)),
    /** Default roles of tokens created in the namespace. */
    RoleDefaults: v.nullish(v.array(ACLLinkInputSchema)),
  },
  strictMessage('PolicyDefaults, RoleDefaults'),
);

/** Drops the server-managed fields from a checked body. */
function withoutServerFields<T extends { DeletedAt?: unknown; CreateIndex?: unknown; ModifyIndex?: unknown }>(
  input: T,
): Omit<T, 'DeletedAt' | 'CreateIndex' | 'ModifyIndex'> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key !== 'DeletedAt' && key !== 'CreateIndex' && key !== 'ModifyIndex') body[key] = value;
  }
  return body as Omit<T, 'DeletedAt' | 'CreateIndex' | 'ModifyIndex'>;
}

/** A namespace body to write, with `name` as the rule for its `Name`. */
/* @__NO_SIDE_EFFECTS__ */
function namespaceWriteSchema<const TName extends v.GenericSchema<unknown, string | undefined>>(name: TName) {
  return v.pipe(
    v.strictObject(
      {
        Name: name,
        Description: v.optional(v.string()),
        /** Default ACL policies and roles; `null` clears them. */
        ACLs: v.nullish(NamespaceACLsInputSchema),
        Meta: v.nullish(MetaInputSchema),
        // Server-managed fields are accepted so a namespace just read can be spread into a write; they
        // are never sent (the server sets them itself).
        DeletedAt: v.optional(v.string()),
        CreateIndex: v.optional(v.number()),
        ModifyIndex: v.optional(v.number()),
      },
      strictMessage('Name, Description, ACLs, Meta'),
    ),
    v.transform(withoutServerFields),
  );
}

/** Body of PUT /v1/namespace: `Name` is required. */
export const NamespaceCreateSchema = namespaceWriteSchema(NamespaceNameSchema);

const UPDATE_FIELDS = new Set([
  'Name',
  'Description',
  'ACLs',
  'Meta',
  'DeletedAt',
  'CreateIndex',
  'ModifyIndex',
]);

/**
 * Body of PUT /v1/namespace/:name: `Name` is optional and, when given, must equal the name in the path.
 * An update is usually a namespace just read and changed, so fields a newer server added (PascalCase,
 * like all of the server's) travel back unchanged; other unknown fields are typos and are refused.
 */
export const NamespaceUpdateSchema = v.pipe(
  v.looseObject({
    Name: v.optional(NamespaceNameSchema),
    Description: v.optional(v.string()),
    /** Default ACL policies and roles; `null` clears them. */
    ACLs: v.nullish(NamespaceACLsInputSchema),
    Meta: v.nullish(MetaInputSchema),
    DeletedAt: v.optional(v.string()),
    CreateIndex: v.optional(v.number()),
    ModifyIndex: v.optional(v.number()),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [key, value] of Object.entries(dataset.value)) {
      if (UPDATE_FIELDS.has(key) || /^[A-Z]/.test(key)) continue;
      addIssue({
        message: `unknown field "${key}"; the fields are Name, Description, ACLs, Meta (names are case-sensitive)`,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key, value }],
      });
    }
  }),
  v.transform(withoutServerFields),
);

/** An ACL link to write. */
export interface ACLLinkInput extends v.InferInput<typeof ACLLinkInputSchema> {}
/** The ACLs block to write. */
export interface NamespaceACLsInput extends v.InferInput<typeof NamespaceACLsInputSchema> {}
/** What `create` takes. */
export interface NamespaceCreate extends v.InferInput<typeof NamespaceCreateSchema> {}
/** What `update` takes. */
export interface NamespaceUpdate extends v.InferInput<typeof NamespaceUpdateSchema> {}
