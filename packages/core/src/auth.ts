// How a token travels. Each service names its own header; the registry alone also accepts a query form.
import { checkToken } from './header-values.js';

/** Returns the token to use for the next attempt; called before every attempt, so rotation just works. */
export type TokenProvider = () => string | undefined | Promise<string | undefined>;

/**
 * A token, or a function that returns the current one.
 *
 * A token a header cannot carry as given is refused with a `RequestValidationError` naming `token`
 * (never its value): `''` (leave the token out for anonymous use instead), a control character (CR, LF,
 * NUL, DEL, ...; a tab only between other characters), a character beyond Latin-1, or leading or
 * trailing whitespace. A string is checked when the transport (or client) is made; a provider's answer
 * before each attempt, so an attempt with a refused token is never sent.
 */
export type TokenSource = string | TokenProvider;

/** `Authorization: Bearer <token>`. */
export interface BearerAuth {
  /** Send the token as `Authorization: Bearer <token>`. */
  readonly type: 'bearer';
}

/** A named header carrying the bare token, e.g. `X-Secrets-Token`. */
export interface HeaderAuth {
  /** Send the token in a header of its own. */
  readonly type: 'header';
  /** Name of that header. */
  readonly name: string;
}

/** A query parameter, e.g. `access_token`; only when a service offers no header. Redacted in errors. */
export interface QueryAuth {
  /** Send the token as a query parameter. */
  readonly type: 'query';
  /** Name of that query parameter. */
  readonly name: string;
}

/** Where the token goes on the wire. */
export type AuthScheme = BearerAuth | HeaderAuth | QueryAuth;

/**
 * Asks the source for the token of one attempt. A provider may return `undefined` (no token); an empty
 * token or one a header cannot carry fails with RequestValidationError naming `token`, never the value.
 */
export async function resolveToken(source: TokenSource | undefined): Promise<string | undefined> {
  if (source === undefined) return undefined;
  if (typeof source === 'string') return source;
  const token = await source();
  if (token === undefined) return undefined;
  checkToken(token, 'token', 'token from the token provider');
  return token;
}

/** Puts `token` on `request` as the scheme says; returns the request to send (a new one for the query form). */
export function applyAuth(request: Request, scheme: AuthScheme, token: string): Request {
  switch (scheme.type) {
    case 'header':
      request.headers.set(scheme.name, token);
      return request;
    case 'bearer':
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    case 'query': {
      const url = new URL(request.url);
      url.searchParams.set(scheme.name, token);
      return new Request(url, request);
    }
  }
}
