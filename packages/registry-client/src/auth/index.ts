export { createToken } from './create-token.js';
export { deleteToken } from './delete-token.js';
export { requestTwoFactorCode } from './request-two-factor-code.js';
export {
  type CreateTokenRequest,
  CreateTokenRequestSchema,
  type Token,
  TokenSchema,
  type TwoFactorCodeRequest,
  TwoFactorCodeRequestSchema,
  type TwoFactorCodeResponse,
  TwoFactorCodeResponseSchema,
} from './schemas.js';
export { validateToken } from './validate-token.js';
