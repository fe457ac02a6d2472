// A wrapped answer as this client hands it out: the service's `wrap_info`, and how to read the answer
// it stands for (kept apart from the schemas, so the main entry's declarations need no valibot).
import type { ResponseMeta, StandardSchemaV1 } from '@infra-sdk/core';
import type { SecretsMeta } from '../envelope.js';
import type { WrapInfoFields } from './types.generated.js';

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

/** A wrapped answer: the token that stands for an answer of type `T`, and its life. */
export interface WrapInfo<T = unknown> extends WrapInfoFields {
  /** How to read the wrapped answer, when this came from a wrapped call of this client. */
  readonly [WRAPPED_ANSWER]?: WrappedAnswer<T>;
}
