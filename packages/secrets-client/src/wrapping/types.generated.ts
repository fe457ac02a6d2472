// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** `wrap_info` of a wrapped answer: the single-use token that stands for the answer, and its life. */
export interface WrapInfoFields {
  [key: string]: unknown;
  /** The wrapping token: whoever holds it can unwrap the answer, once. Treat it as the secret it stands for. */
  token: string;
  /** Names the wrapping token without being it: safe to log. */
  accessor: string;
  /** Seconds the token lives from its creation. */
  ttl: number;
  /** When the answer was wrapped (RFC 3339). */
  creation_time: string;
  /** The path whose answer is wrapped (`database/creds/app`): check it before trusting a token handed to you. */
  creation_path: string;
  /** The accessor of a wrapped token (when the answer hands out a token), else `''`. */
  wrapped_accessor?: string | undefined;
}

/** `data` of POST /sys/wrapping/lookup: what the service says about a wrapping token. */
export interface WrappingTokenInfo {
  [key: string]: unknown;
  /** The path whose answer the token stands for. */
  creation_path: string;
  /** When the answer was wrapped (RFC 3339). */
  creation_time: string;
  /** Seconds the token lives from its creation (some versions send duration text). */
  creation_ttl: string | number;
}
