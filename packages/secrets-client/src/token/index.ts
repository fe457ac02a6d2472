export { lookupTokenByAccessor, revokeTokenByAccessor } from './accessor.js';
export { type Capabilities, capabilitiesSelf } from './capabilities.js';
export { type CreateTokenOptions, type CreateTokenRequest, createToken } from './create.js';
export { type TokenGroup, tokenOperations } from './group.js';
export { type KeptToken, keepToken } from './keep-token.js';
export { revokeSelfToken } from './revoke-self.js';
export {
  CapabilitiesSchema,
  CapabilitiesSelfRequestSchema,
  CreateTokenRequestSchema,
  RenewSelfRequestSchema,
  TokenAccessorRequestSchema,
  type TokenAuth,
  TokenAuthSchema,
  type TokenInfo,
  TokenInfoSchema,
} from './schemas.js';
export { lookupSelfToken, type RenewSelfOptions, renewSelfToken } from './self.js';
