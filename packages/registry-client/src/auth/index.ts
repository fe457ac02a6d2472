export { createToken } from './create-token.js';
export { deleteToken } from './delete-token.js';
export {
  type TokensGroup,
  type TwoFactorGroup,
  tokenOperations,
  tokensGroup,
  twoFactorGroup,
  twoFactorOperations,
} from './group.js';
export { requestTwoFactorCode } from './request-two-factor-code.js';
export type {
  CreateTokenRequest,
  Token,
  TwoFactorCodeRequest,
  TwoFactorCodeResponse,
} from './types.generated.js';
export { validateToken } from './validate-token.js';
