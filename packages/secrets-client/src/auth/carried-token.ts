// Calls made with a token the client does not hold as its own: a wrapping token being unwrapped, the
// token a login keeper renews or lets go. The token travels in the call's `X-Secrets-Token` header,
// which only a client without a token of its own leaves in place (its own token would replace it).
import { mergeHeaders } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';

/** Whether `core` sends a token of its own with every call. */
export function hasOwnToken(core: SecretsCore): boolean {
  return core.transport.toJSON().token !== undefined;
}

/** `options` with `token` as the request's token. */
export function carrying<O extends SecretsRequestOptions>(options: O, token: string): O {
  return { ...options, headers: mergeHeaders(options.headers, { 'X-Secrets-Token': token }) };
}
