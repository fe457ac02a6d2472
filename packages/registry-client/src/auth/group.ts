// The `tokens` and `twoFactor` groups of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createToken } from './create-token.js';
import { deleteToken } from './delete-token.js';
import { requestTwoFactorCode } from './request-two-factor-code.js';
import { validateToken } from './validate-token.js';

/** The operations of `client.tokens`: create a token from a login, check the current one, revoke it. */
export const tokenOperations = {
  create: createToken,
  validate: validateToken,
  delete: deleteToken,
} as const;

/** The operations of `client.twoFactor`: two-factor authentication codes. */
export const twoFactorOperations = {
  requestCode: requestTwoFactorCode,
} as const;

/** `client.tokens`: each token operation bound to the client's core. */
export interface TokensGroup extends BoundGroup<RegistryCore, typeof tokenOperations> {}

/** `client.twoFactor`: each two-factor operation bound to the client's core. */
export interface TwoFactorGroup extends BoundGroup<RegistryCore, typeof twoFactorOperations> {}

/** Builds `client.tokens`. */
export function tokensGroup(core: RegistryCore): TokensGroup {
  return bindOperations(core, tokenOperations);
}

/** Builds `client.twoFactor`. */
export function twoFactorGroup(core: RegistryCore): TwoFactorGroup {
  return bindOperations(core, twoFactorOperations);
}
