// Schemas of response wrapping: what a wrapped answer says instead of its payload, and what the service
// says about a wrapping token.
import type { ResponseMeta, StandardSchemaV1 } from '@infra-sdk/core';
import * as v from 'valibot';
import type { SecretsMeta } from '../envelope.js';
import { requestObject } from '../request-fields.js';

/**
 * The key under which wrap information carries how to read the answer it stands for (the schema and
 * envelope handling of the operation that made it). The property is not enumerable: it is not part of
 * the JSON, nor of what a log or `util.inspect` shows.
 */
export const WRAPPED_ANSWER: unique symbol = /* @__PURE__ */ Symbol('infra-sdk.secrets.wrappedAnswer');

/** How to read the answer a wrapping token stands for: what the operation that made it expects. */
export interface WrappedAnswer<T> {
  /** The operation's schema of its payload. */
  readonly schema: StandardSchemaV1<unknown, T> | undefined;
  /** The operation's way of taking its payload out of the answer, when not the plain envelope's `data`. */
  readonly unwrap: ((body: unknown, meta: ResponseMeta) => { data: unknown; meta: SecretsMeta }) | undefined;
}

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

/** A wrapped answer: the token that stands for an answer of type `T`, and its life. */
export interface WrapInfo<T = unknown> extends v.InferOutput<typeof WrapInfoSchema> {
  /** How to read the wrapped answer, when this came from a wrapped call of this client. */
  readonly [WRAPPED_ANSWER]?: WrappedAnswer<T>;
}

/** `data` of POST /sys/wrapping/lookup: what the service says about a wrapping token. */
export const WrappingTokenInfoSchema = /* @__PURE__ */ v.looseObject({
  /** The path whose answer the token stands for. */
  creation_path: v.string(),
  /** When the answer was wrapped (RFC 3339). */
  creation_time: v.string(),
  /** Seconds the token lives from its creation (some versions send duration text). */
  creation_ttl: v.union([v.number(), v.string()]),
});

/** What the service says about a wrapping token. */
export interface WrappingTokenInfo extends v.InferOutput<typeof WrappingTokenInfoSchema> {}

/** Body of POST /sys/wrapping/unwrap and /sys/wrapping/lookup. */
export const WrappingTokenRequestSchema = /* @__PURE__ */ requestObject(
  { token: v.pipe(v.string(), v.nonEmpty('is required')) },
  'wrapping token',
);
