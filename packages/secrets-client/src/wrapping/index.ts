export type { Wrapped, WrappedSecretsClient, WrappingGroup } from './group.js';
export {
  WRAPPED_ANSWER,
  type WrapInfo,
  WrapInfoSchema,
  type WrappedAnswer,
  type WrappingTokenInfo,
  WrappingTokenInfoSchema,
  WrappingTokenRequestSchema,
} from './schemas.js';
export { lookupWrappingToken, type UnwrapOptions, unwrap } from './unwrap.js';
export { WRAP_TTL_HEADER, wrappingCore, wrapResponse } from './wrap.js';
