export {
  lookupTokenByAccessor,
  revokeTokenByAccessor,
} from './accessor.js';
export {
  type Capabilities,
  capabilitiesSelf,
} from './capabilities.js';
export {
  type CreateTokenOptions,
  createToken,
} from './create.js';
export { type TokenGroup, tokenGroup, tokenOperations } from './group.js';
export {
  type KeptToken,
  keepToken,
} from './keep-token.js';
export { revokeSelfToken } from './revoke-self.js';
export {
  lookupSelfToken,
  type RenewSelfOptions,
  renewSelfToken,
} from './self.js';
export type {
  CreateTokenRequest,
  TokenAuth,
  TokenInfo,
} from './types.generated.js';
