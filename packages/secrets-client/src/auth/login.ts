// What every login shares: it needs no token of the client's own, and its payload is the answer's
// `auth` block (its `data` is null).
import type { OperationSpec } from '@infra-sdk/core';
import type { EngineRequestOptions } from '../call-options.js';
import { type SecretsMeta, unwrapEnvelope } from '../envelope.js';
import { LoginAuthSchema } from './schemas.js';
import type { LoginAuth } from './types.generated.js';

/** Options of a login: `mount`, the auth method's path (default the method's name), and the request options. */
export interface LoginOptions extends EngineRequestOptions {}

/**
 * `options` of a login: without a token unless the call names one. A login needs none, and a client
 * whose token comes from the session being logged in must not wait for that session to send it.
 */
export function withoutToken(options: LoginOptions | undefined): LoginOptions {
  return { token: () => undefined, ...options };
}

/** The request of a login to `path` with `body`, whose payload is the answer's `auth` block. */
export function loginRequest(path: string, body: unknown): OperationSpec<LoginAuth, SecretsMeta> {
  return {
    method: 'POST',
    path,
    body,
    schema: LoginAuthSchema,
    unwrap: (raw, meta) => {
      const unwrapped = unwrapEnvelope(raw, meta);
      return { data: unwrapped.meta.auth ?? undefined, meta: unwrapped.meta };
    },
  };
}
