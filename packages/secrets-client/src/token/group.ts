// The `token` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { keepToken } from './keep-token.js';
import { lookupSelfToken, renewSelfToken } from './self.js';

/** The operations of `client.token`. */
export const tokenOperations = {
  /** GET /v1/auth/token/lookup-self — {@link lookupSelfToken} with this client's core. */
  lookupSelf: lookupSelfToken,
  /** POST /v1/auth/token/renew-self — {@link renewSelfToken} with this client's core. */
  renewSelf: renewSelfToken,
  /** Keeps the client's token alive with POST /v1/auth/token/renew-self — {@link keepToken} with this client's core. */
  keep: keepToken,
};

/** `client.token`: the life of the client's own token, bound to the client's core. */
export interface TokenGroup extends BoundGroup<SecretsCore, typeof tokenOperations> {}

/** Builds `client.token`. */
export function tokenGroup(core: SecretsCore): TokenGroup {
  return bindOperations(core, tokenOperations);
}
