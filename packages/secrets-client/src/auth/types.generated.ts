// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** The `auth` block of a login's answer: the token it issued and what it may do. */
export interface LoginAuth {
  [key: string]: unknown;
  /** Set when the login needs a second factor before the token works. */
  mfa_requirement?: unknown;
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
