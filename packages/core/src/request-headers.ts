// The headers of a call: the layers every call shares (`TransportConfig.headers`), then the request's
// own, then the caller's, later layers winning and `undefined` removing a header; and the headers an
// `onRequest` hook adds to one attempt, which may never carry a credential.
import type { AuthScheme } from './auth.js';
import { RequestValidationError } from './errors.js';
import { readHeaders } from './header-values.js';
import type { RequestOptions, RequestSpec } from './request-spec.js';
import type { TransportConfig } from './transport-options.js';

// Headers that carry credentials: only the client's token and the caller's own headers may set them.
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * The headers of one call, names in lower case. `own` says whether the address is the service's (its
 * headers, and the fixed token unless `fixedToken` is false, go there) or another one (only the user
 * agent does). A call that adds no headers of its own gets the shared object as it is.
 */
export function callHeaders(
  config: TransportConfig,
  spec: Pick<RequestSpec, 'body' | 'headers'>,
  call: Pick<RequestOptions, 'headers'>,
  own: boolean,
  fixedToken = true,
): Readonly<Record<string, string>> {
  const shared = config.headers;
  const json = spec.body !== undefined;
  if (!json && spec.headers === undefined && call.headers === undefined) {
    return own ? (fixedToken ? shared.ownWithToken : shared.own) : shared.anyAddress;
  }
  // Later layers win; `undefined` removes what an earlier one set.
  const headers: Record<string, string | undefined> = {
    ...(json && { 'content-type': 'application/json' }),
    ...(own ? shared.own : shared.anyAddress),
    ...readHeaders(spec.headers, 'headers', 'request headers'),
    ...readHeaders(call.headers, 'headers', 'request options'),
  };
  for (const name in headers) if (headers[name] === undefined) delete headers[name];
  const token = shared.token;
  if (own && fixedToken && token) headers[token[0]] = token[1];
  return headers as Record<string, string>;
}

/**
 * Adds what an `onRequest` hook returned to an attempt's headers. A shape that cannot be read, a bad
 * name or value, and any credential header fail the call before it is sent.
 */
export function addHookHeaders(target: Headers, added: unknown, scheme: AuthScheme): void {
  const headers = Object.entries(readHeaders(added, 'onRequest', 'hook headers') ?? {});
  for (const [name] of headers) {
    if (
      CREDENTIAL_HEADERS.includes(name) ||
      (scheme.type === 'header' && name === scheme.name.toLowerCase())
    ) {
      throw new RequestValidationError('hook headers', [
        {
          path: `onRequest.${name}`,
          message: 'carries a credential; hooks may add headers but never set or replace a credential',
        },
      ]);
    }
  }
  for (const [name, value] of headers) if (value !== undefined) target.set(name, value);
}
