// The `token` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { lookupTokenByAccessor, revokeTokenByAccessor } from './accessor.js';
import { capabilitiesSelf } from './capabilities.js';
import { createToken } from './create.js';
import { keepToken } from './keep-token.js';
import { revokeSelfToken } from './revoke-self.js';
import { lookupSelfToken, renewSelfToken } from './self.js';

/** The operations of `client.token`. */
export const tokenOperations = {
  lookupSelf: lookupSelfToken,
  renewSelf: renewSelfToken,
  revokeSelf: revokeSelfToken,
  create: createToken,
  lookupAccessor: lookupTokenByAccessor,
  revokeAccessor: revokeTokenByAccessor,
  capabilitiesSelf,
  keep: keepToken,
};

/** `client.token`: the life of the client's own token, bound to the client's core. */
export interface TokenGroup extends BoundGroup<SecretsCore, typeof tokenOperations> {}

/** Builds `client.token`. */
export function tokenGroup(core: SecretsCore): TokenGroup {
  return bindOperations(core, tokenOperations);
}
