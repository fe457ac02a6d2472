export { type TokenGroup, tokenOperations } from './group.js';
export { type KeptToken, keepToken } from './keep-token.js';
export { revokeSelfToken } from './revoke-self.js';
export {
  RenewSelfRequestSchema,
  type TokenAuth,
  TokenAuthSchema,
  type TokenInfo,
  TokenInfoSchema,
} from './schemas.js';
export { lookupSelfToken, type RenewSelfOptions, renewSelfToken } from './self.js';
