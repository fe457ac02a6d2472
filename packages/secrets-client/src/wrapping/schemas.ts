// Schemas of response wrapping: what a wrapped answer says instead of its payload, and what the service
// says about a wrapping token.
import * as v from 'valibot';
import { requestObject } from '../request-fields.js';

/** `wrap_info` of a wrapped answer: the single-use token that stands for the answer, and its life. */
export const WrapInfoSchema = /* @__PURE__ */ v.looseObject({
  /** The wrapping token: whoever holds it can unwrap the answer, once. Treat it as the secret it stands for. */
  token: v.string(),
  /** Names the wrapping token without being it: safe to log. */
  accessor: v.string(),
  /** Seconds the token lives from its creation. */
  ttl: v.number(),
  /** When the answer was wrapped (RFC 3339). */
  creation_time: v.string(),
  /** The path whose answer is wrapped (`database/creds/app`): check it before trusting a token handed to you. */
  creation_path: v.string(),
  /** The accessor of a wrapped token (when the answer hands out a token), else `''`. */
  wrapped_accessor: v.optional(v.string()),
});

/** `data` of POST /sys/wrapping/lookup: what the service says about a wrapping token. */
export const WrappingTokenInfoSchema = /* @__PURE__ */ v.looseObject({
  /** The path whose answer the token stands for. */
  creation_path: v.string(),
  /** When the answer was wrapped (RFC 3339). */
  creation_time: v.string(),
  /** Seconds the token lives from its creation (some versions send duration text). */
  creation_ttl: v.union([v.number(), v.string()]),
});

/** Body of POST /sys/wrapping/unwrap and /sys/wrapping/lookup. */
export const WrappingTokenRequestSchema = /* @__PURE__ */ requestObject(
  { token: v.pipe(v.string(), v.nonEmpty('is required')) },
  'wrapping token',
);
