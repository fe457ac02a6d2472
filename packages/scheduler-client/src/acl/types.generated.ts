// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** Known token types: `client` (rights from its policies and roles) and `management` (every right); others are accepted. */
export type AclTokenType = 'client' | 'management' | (string & Record<never, never>);

/** A role a token is linked to: by id, by name, or both. */
export interface AclTokenRoleLink {
  [key: string]: unknown;
  ID?: string | undefined;
  Name?: string | undefined;
}

/** A token as the list shows it: without its secret. */
export interface AclTokenStub {
  [key: string]: unknown;
  /** The token's public id: what reads and deletes name. */
  AccessorID: string;
  Name?: string | undefined;
  Type?: AclTokenType | undefined;
  /** The policies a client token holds (none for a management token). */
  Policies?: string[] | null | undefined;
  Roles?: AclTokenRoleLink[] | null | undefined;
  /** Replicated to every region. */
  Global?: boolean | undefined;
  /** When it was created (ISO 8601). */
  CreateTime?: string | undefined;
  /** When it stops working (ISO 8601); none: never. */
  ExpirationTime?: string | null | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
}

/** A list of tokens without their secrets. */
export type AclTokenStubList = AclTokenStub[];

/** An ACL token: its accessor, its secret (what goes in `X-Scheduler-Token`), type, policies and expiry. */
export interface AclToken {
  [key: string]: unknown;
  /** The token's public id: what reads and deletes name. */
  AccessorID: string;
  Name?: string | undefined;
  Type?: AclTokenType | undefined;
  /** The policies a client token holds (none for a management token). */
  Policies?: string[] | null | undefined;
  Roles?: AclTokenRoleLink[] | null | undefined;
  /** Replicated to every region. */
  Global?: boolean | undefined;
  /** When it was created (ISO 8601). */
  CreateTime?: string | undefined;
  /** When it stops working (ISO 8601); none: never. */
  ExpirationTime?: string | null | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  /** The secret: what a client sends as its token. Keep it out of logs. */
  SecretID?: string | undefined;
  /** The time to live it was created with, in nanoseconds. */
  ExpirationTTL?: number | undefined;
}

/** What `createAclToken` takes: a client token needs a policy or a role, a management token has neither. */
export interface CreateAclTokenRequest {
  /** A name for people. */
  Name?: string | undefined;
  /** `client` (rights from `Policies` and `Roles`) or `management` (every right). */
  Type: 'client' | 'management';
  /** The policies of a client token, by name. */
  Policies?: string[] | null | undefined;
  /** The roles of a client token, by id or name. */
  Roles?:
    | {
        ID?: string | undefined;
        Name?: string | undefined;
      }[]
    | null
    | undefined;
  /** Replicate it to every region. */
  Global?: boolean | undefined;
  /** When it stops working: ISO 8601 text. Not with `ExpirationTTL`. */
  ExpirationTime?: string | undefined;
  /** How long it works from its creation: nanoseconds or unit text (`"1h"`). Not with `ExpirationTime`. */
  ExpirationTTL?: string | number | undefined;
}
