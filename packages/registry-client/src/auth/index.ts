export { createToken } from './create-token.js';
export { deleteToken } from './delete-token.js';
export {
  type TokensGroup,
  type TwoFactorGroup,
  tokenOperations,
  twoFactorOperations,
} from './group.js';
export {
  type CreateTokenRequest,
  CreateTokenRequestSchema,
  type TwoFactorCodeRequest,
  TwoFactorCodeRequestSchema,
} from './request-schemas.js';
export { requestTwoFactorCode } from './request-two-factor-code.js';
export {
  type Token,
  TokenSchema,
  type TwoFactorCodeResponse,
  TwoFactorCodeResponseSchema,
} from './schemas.js';
export { validateToken } from './validate-token.js';
