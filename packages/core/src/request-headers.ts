// The headers of a call: the layers every call shares (`TransportConfig.headers`), then the request's
// own, then the caller's, later layers winning and `undefined` removing a header; and the headers an
// `onRequest` hook adds to one attempt, which may never carry a credential.
import type { AuthScheme } from './auth.js';
import { RequestValidationError } from './errors.js';
import { readHeaders } from './header-values.js';
import type { RequestOptions, RequestSpec } from './request-spec.js';
import type { TransportConfig } from './transport-options.js';

// Headers that carry credentials: only the client's token and the caller's own headers may set them.
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

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
  if (spec.body === undefined && spec.headers === undefined && call.headers === undefined) {
    return own ? (fixedToken ? shared.ownWithToken : shared.own) : shared.anyAddress;
  }
  const headers: Record<string, string> = { ...(own ? shared.own : shared.anyAddress) };
  if (spec.body !== undefined) headers['content-type'] ??= 'application/json';
  apply(headers, readHeaders(spec.headers, 'headers', 'request headers'));
  apply(headers, readHeaders(call.headers, 'headers', 'request options'));
  const token = shared.token;
  if (own && fixedToken && token) headers[token[0]] = token[1];
  return headers;
}

/**
 * Adds what an `onRequest` hook returned to an attempt's headers. A shape that cannot be read, a bad
 * name or value, and any credential header fail the call before it is sent.
 */
export function addHookHeaders(target: Headers, added: unknown, scheme: AuthScheme): void {
  const headers = readHeaders(added, 'onRequest', 'hook headers');
  for (const name in headers) {
    if (CREDENTIAL_HEADERS.has(name) || (scheme.type === 'header' && name === scheme.name.toLowerCase())) {
      throw new RequestValidationError('hook headers', [
        {
          path: `onRequest.${name}`,
          message: 'carries a credential; hooks may add headers but never set or replace a credential',
        },
      ]);
    }
  }
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) target.set(name, value);
  }
}

/** Applies one layer: a value sets its header, `undefined` removes it. */
function apply(headers: Record<string, string>, layer: Record<string, string | undefined> | undefined): void {
  for (const name in layer) {
    const value = layer[name];
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
}
