// Request bodies: strict, checked before anything is sent. Apart from the response schemas so that an
// application that only reads does not bundle the request-side checks.
import { unknownFieldMessage } from '@infra-sdk/core';
import * as v from 'valibot';
import { NamespaceNameSchema } from './schemas.js';

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

/**
 * Messages of a strict object: an unknown field is named with the known one nearest to it, or with the
 * nested object of a namespace body where a field of that name belongs (`PolicyDefaults` in `ACLs`).
 */
/* @__NO_SIDE_EFFECTS__ */
function strictMessage(known: string): (issue: v.StrictObjectIssue) => string {
  // The issue of an unknown field has the field's name as its input. The body's whole schema is read
  // when a body is refused, by which time it is made.
  return (issue) =>
    issue.expected === 'never'
      ? unknownFieldMessage(String(issue.input), known.split(', '), NamespaceCreateSchema)
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
  const { DeletedAt: _deletedAt, CreateIndex: _createIndex, ModifyIndex: _modifyIndex, ...body } = input;
  return body;
}

/** The fields of a namespace body besides `Name`. */
const bodyEntries = {
  /** The admin partition of the namespace; the `partition` option names it too, and the two must agree. */
  Partition: v.optional(NamespaceNameSchema),
  Description: v.optional(v.string()),
  /** Default ACL policies and roles; `null` clears them. */
  ACLs: v.nullish(NamespaceACLsInputSchema),
  Meta: v.nullish(MetaInputSchema),
  // Server-managed fields are accepted so a namespace just read can be spread into a write; they are
  // never sent (the server sets them itself).
  DeletedAt: v.optional(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
};

/** Body of PUT /v1/namespace: `Name` is required. */
export const NamespaceCreateSchema = v.pipe(
  v.strictObject(
    { Name: NamespaceNameSchema, ...bodyEntries },
    strictMessage('Name, Partition, Description, ACLs, Meta'),
  ),
  v.transform(withoutServerFields),
);

const UPDATE_FIELDS = new Set(['Name', ...Object.keys(bodyEntries)]);

/**
 * Body of PUT /v1/namespace/:name: `Name` is optional and, when given, must equal the name in the path.
 * An update is usually a namespace just read and changed, so fields a newer server added (PascalCase,
 * like all of the server's) travel back unchanged; other unknown fields are typos and are refused.
 */
export const NamespaceUpdateSchema = v.pipe(
  v.looseObject({ Name: v.optional(NamespaceNameSchema), ...bodyEntries }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [key, value] of Object.entries(dataset.value)) {
      if (UPDATE_FIELDS.has(key) || /^[A-Z]/.test(key)) continue;
      addIssue({
        message: `unknown field "${key}"; the fields are Name, Partition, Description, ACLs, Meta (names are case-sensitive)`,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key, value }],
      });
    }
  }),
  v.transform(withoutServerFields),
);
