export { type Wrapped, type WrappedSecretsClient, type WrappingGroup, wrappingGroup } from './group.js';
export type {
  WrapInfoFields,
  WrappingTokenInfo,
} from './types.generated.js';
export {
  lookupWrappingToken,
  type UnwrapOptions,
  unwrap,
} from './unwrap.js';
export {
  WRAP_TTL_HEADER,
  wrappingCore,
  wrapResponse,
} from './wrap.js';
export {
  WRAPPED_ANSWER,
  type WrapInfo,
  type WrappedAnswer,
} from './wrap-info.js';
