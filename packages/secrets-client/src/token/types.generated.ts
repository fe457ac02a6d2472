// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { DurationValue } from '../types.generated.js';

/** `data` of GET /auth/token/lookup-self: the token of the request, as the service sees it. */
export interface TokenInfo {
  [key: string]: unknown;
  /** The token itself. Treat it as the secret it is. */
  id: string;
  /** Names the token without being it: safe to log. */
  accessor: string;
  /** Policies attached to the token. */
  policies: string[];
  /** Seconds left before it expires; 0: it never expires. */
  ttl: number;
  /** The TTL it was created with, in seconds. */
  creation_ttl: number;
  /** When it was created, in Unix seconds. */
  creation_time: number;
  /** When it expires (RFC 3339); null when it never does. */
  expire_time?: string | null | undefined;
  /** Seconds from its creation past which no renewal extends it; 0: none of its own. */
  explicit_max_ttl: number;
  /** Whether it can be renewed. */
  renewable?: boolean | undefined;
  /** A periodic token's period in seconds: each renewal gives it this many again. */
  period?: number | undefined;
  /** When it was issued (RFC 3339). */
  issue_time?: string | undefined;
  /** The path it was created at (`auth/token/create`, a login path). */
  path?: string | undefined;
  display_name?: string | undefined;
  entity_id?: string | undefined;
  meta?: Record<string, string> | null | undefined;
  num_uses?: number | undefined;
  orphan?: boolean | undefined;
  /** `service` or `batch`. */
  type?: string | undefined;
}

/** The `auth` block of an answer that hands out or renews a token. */
export interface TokenAuth {
  [key: string]: unknown;
  /** The token. Treat it as the secret it is. */
  client_token: string;
  /** Names the token without being it: safe to log. */
  accessor: string;
  policies?: string[] | null | undefined;
  token_policies?: string[] | null | undefined;
  metadata?: Record<string, string> | null | undefined;
  /** Seconds the token lives from now. */
  lease_duration: number;
  /** Whether it can be renewed again. */
  renewable: boolean;
  entity_id?: string | undefined;
  token_type?: string | undefined;
  orphan?: boolean | undefined;
  num_uses?: number | undefined;
}

/** Body of POST /auth/token/create (also `create-orphan` and `create/:role_name`). */
export interface CreateTokenRequest {
  /** Policies of the new token (a subset of the creator's, unless the creator is root). */
  policies?: string[] | undefined;
  /** Seconds (or duration text) it lives unless renewed. */
  ttl?: DurationValue | undefined;
  /** Seconds from its creation past which no renewal extends it. */
  explicit_max_ttl?: DurationValue | undefined;
  /** A periodic token: every renewal gives it this again, with no max TTL but an explicit one. */
  period?: DurationValue | undefined;
  /** Whether it can be renewed. Default true. */
  renewable?: boolean | undefined;
  /** Requests it may make before it is revoked; 0: no limit. */
  num_uses?: number | undefined;
  /** A name shown in the audit log and lookups. */
  display_name?: string | undefined;
  /** Metadata of the token: text keys and values. */
  meta?: Record<string, string> | undefined;
  /** No parent: the token outlives its creator (needs root or sudo on `create`; `orphan: true` uses `create-orphan`). */
  no_parent?: boolean | undefined;
  /** Leave out the `default` policy. */
  no_default_policy?: boolean | undefined;
  /** `service` (default) or `batch`. */
  type?: 'service' | 'batch' | undefined;
  /** An entity alias to attach (with a role that allows it). */
  entity_alias?: string | undefined;
}
