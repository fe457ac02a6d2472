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

/** The token of the request, as the service sees it. */
export interface TokenInfo extends v.InferOutput<typeof TokenInfoSchema> {}

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

/** A token as an answer hands it out. */
export interface TokenAuth extends v.InferOutput<typeof TokenAuthSchema> {}

/** Body of POST /auth/token/renew-self. */
export const RenewSelfRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** Seconds (or duration text) asked for from now; a periodic token always gets its period. */
    increment: v.optional(durationSchema()),
  },
  'token renewal',
);
