// Schemas of the token auth method: what a token says about itself, and the `auth` block of a renewal.
import * as v from 'valibot';
import { durationSchema } from '../duration.js';
import { requestObject } from '../request-fields.js';

/** `data` of GET /auth/token/lookup-self: the token of the request, as the service sees it. */
export const TokenInfoSchema = /* @__PURE__ */ v.looseObject({
  /** The token itself. Treat it as the secret it is. */
  id: v.string(),
  /** Names the token without being it: safe to log. */
  accessor: v.string(),
  /** Policies attached to the token. */
  policies: v.array(v.string()),
  /** Seconds left before it expires; 0: it never expires. */
  ttl: v.number(),
  /** The TTL it was created with, in seconds. */
  creation_ttl: v.number(),
  /** When it was created, in Unix seconds. */
  creation_time: v.number(),
  /** When it expires (RFC 3339); null when it never does. */
  expire_time: v.nullish(v.string()),
  /** Seconds from its creation past which no renewal extends it; 0: none of its own. */
  explicit_max_ttl: v.number(),
  /** Whether it can be renewed. */
  renewable: v.optional(v.boolean()),
  /** A periodic token's period in seconds: each renewal gives it this many again. */
  period: v.optional(v.number()),
  /** When it was issued (RFC 3339). */
  issue_time: v.optional(v.string()),
  /** The path it was created at (`auth/token/create`, a login path). */
  path: v.optional(v.string()),
  display_name: v.optional(v.string()),
  entity_id: v.optional(v.string()),
  meta: v.nullish(v.record(v.string(), v.string())),
  num_uses: v.optional(v.number()),
  orphan: v.optional(v.boolean()),
  /** `service` or `batch`. */
  type: v.optional(v.string()),
});

/** The `auth` block of an answer that hands out or renews a token. */
export const TokenAuthSchema = /* @__PURE__ */ v.looseObject({
  /** The token. Treat it as the secret it is. */
  client_token: v.string(),
  /** Names the token without being it: safe to log. */
  accessor: v.string(),
  policies: v.nullish(v.array(v.string())),
  token_policies: v.nullish(v.array(v.string())),
  metadata: v.nullish(v.record(v.string(), v.string())),
  /** Seconds the token lives from now. */
  lease_duration: v.number(),
  /** Whether it can be renewed again. */
  renewable: v.boolean(),
  entity_id: v.optional(v.string()),
  token_type: v.optional(v.string()),
  orphan: v.optional(v.boolean()),
  num_uses: v.optional(v.number()),
});

/** Body of POST /auth/token/renew-self. */
export const RenewSelfRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** Seconds (or duration text) asked for from now; a periodic token always gets its period. */
    increment: v.optional(durationSchema()),
  },
  'token renewal',
);

/** Body of POST /auth/token/create (also `create-orphan` and `create/:role_name`). */
export const CreateTokenRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** Policies of the new token (a subset of the creator's, unless the creator is root). */
    policies: v.optional(v.array(v.string())),
    /** Seconds (or duration text) it lives unless renewed. */
    ttl: v.optional(durationSchema()),
    /** Seconds from its creation past which no renewal extends it. */
    explicit_max_ttl: v.optional(durationSchema()),
    /** A periodic token: every renewal gives it this again, with no max TTL but an explicit one. */
    period: v.optional(durationSchema()),
    /** Whether it can be renewed. Default true. */
    renewable: v.optional(v.boolean()),
    /** Requests it may make before it is revoked; 0: no limit. */
    num_uses: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
    /** A name shown in the audit log and lookups. */
    display_name: v.optional(v.string()),
    /** Metadata of the token: text keys and values. */
    meta: v.optional(v.record(v.string(), v.string())),
    /** No parent: the token outlives its creator (needs root or sudo on `create`; `orphan: true` uses `create-orphan`). */
    no_parent: v.optional(v.boolean()),
    /** Leave out the `default` policy. */
    no_default_policy: v.optional(v.boolean()),
    /** `service` (default) or `batch`. */
    type: v.optional(v.picklist(['service', 'batch'])),
    /** An entity alias to attach (with a role that allows it). */
    entity_alias: v.optional(v.string()),
  },
  'token creation',
);

/** Body of POST /auth/token/lookup-accessor and revoke-accessor. */
export const TokenAccessorRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** The accessor of the token. */
    accessor: v.pipe(v.string(), v.minLength(1, 'must not be empty (the token accessor)')),
  },
  'token accessor',
);

/** `data` of POST /sys/capabilities-self: each path asked for, with what the token may do there. */
export const CapabilitiesSchema = /* @__PURE__ */ v.record(v.string(), v.unknown());

/** Body of POST /sys/capabilities-self. */
export const CapabilitiesSelfRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** The paths to ask about (`secret/data/app`, `database/creds/readonly`). */
    paths: v.pipe(
      v.array(v.pipe(v.string(), v.minLength(1, 'must not be empty'))),
      v.minLength(1, 'must name at least one path'),
    ),
  },
  'capabilities query',
);
