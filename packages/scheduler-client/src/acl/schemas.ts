import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { Nanoseconds } from '../durations.js';

/** Known token types: `client` (rights from its policies and roles) and `management` (every right); others are accepted. */
export const AclTokenTypeSchema = openEnum(['client', 'management']);

/** A role a token is linked to: by id, by name, or both. */
export const AclTokenRoleLinkSchema = v.looseObject({
  ID: v.optional(v.string()),
  Name: v.optional(v.string()),
});

const stub = {
  /** The token's public id: what reads and deletes name. */
  AccessorID: v.string(),
  Name: v.optional(v.string()),
  Type: v.optional(AclTokenTypeSchema),
  /** The policies a client token holds (none for a management token). */
  Policies: v.nullish(v.array(v.string())),
  Roles: v.nullish(v.array(AclTokenRoleLinkSchema)),
  /** Replicated to every region. */
  Global: v.optional(v.boolean()),
  /** When it was created (ISO 8601). */
  CreateTime: v.optional(v.string()),
  /** When it stops working (ISO 8601); none: never. */
  ExpirationTime: v.nullish(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
};

/** A token as the list shows it: without its secret. */
export const AclTokenStubSchema = v.looseObject(stub);

/** A list of tokens without their secrets. */
export const AclTokenStubListSchema: v.ArraySchema<typeof AclTokenStubSchema, undefined> =
  v.array(AclTokenStubSchema);

/** An ACL token: its accessor, its secret (what goes in `X-Scheduler-Token`), type, policies and expiry. */
export const AclTokenSchema = v.looseObject({
  ...stub,
  /** The secret: what a client sends as its token. Keep it out of logs. */
  SecretID: v.optional(v.string()),
  /** The time to live it was created with, in nanoseconds. */
  ExpirationTTL: v.optional(v.number()),
});

/** What `createAclToken` takes: a client token needs a policy or a role, a management token has neither. */
export const CreateAclTokenRequestSchema = v.pipe(
  v.strictObject({
    /** A name for people. */
    Name: v.optional(v.string()),
    /** `client` (rights from `Policies` and `Roles`) or `management` (every right). */
    Type: v.picklist(['client', 'management'], 'Type must be "client" or "management"'),
    /** The policies of a client token, by name. */
    Policies: v.optional(v.nullable(v.array(v.pipe(v.string(), v.nonEmpty('a policy name is not empty'))))),
    /** The roles of a client token, by id or name. */
    Roles: v.optional(
      v.nullable(v.array(v.strictObject({ ID: v.optional(v.string()), Name: v.optional(v.string()) }))),
    ),
    /** Replicate it to every region. */
    Global: v.optional(v.boolean()),
    /** When it stops working: ISO 8601 text. Not with `ExpirationTTL`. */
    ExpirationTime: v.optional(v.pipe(v.string(), v.isoTimestamp('ExpirationTime must be an ISO 8601 time'))),
    /** How long it works from its creation: nanoseconds or unit text (`"1h"`). Not with `ExpirationTime`. */
    ExpirationTTL: v.optional(Nanoseconds),
  }),
  v.check(
    (token) =>
      token.Type !== 'management' ||
      ((token.Policies ?? []).length === 0 && (token.Roles ?? []).length === 0),
    'a management token holds every right: give it no Policies and no Roles',
  ),
  v.check(
    (token) => token.Type !== 'client' || (token.Policies ?? []).length + (token.Roles ?? []).length > 0,
    'a client token needs at least one policy or role',
  ),
  v.check(
    (token) => token.ExpirationTime === undefined || token.ExpirationTTL === undefined,
    'give ExpirationTime or ExpirationTTL, not both',
  ),
);
