// Redirects are followed here, not by fetch: fetch keeps custom headers (every service's token header,
// the secrets namespace) and re-sends bodies when a redirect leaves the origin, and follows https to
// http. Each hop is checked against the origins that may receive credentials before anything is sent.
import { RedirectError, type RedirectProblem } from './errors.js';

/** What a redirect to another origin does. */
export type CrossOriginRedirects =
  /** Refuse it with a RedirectError naming the target and the `trustedOrigins` option. */
  | 'refuse'
  /** Follow a GET or HEAD without any credential, service header or body; refuse anything else. */
  | 'follow-without-credentials';

/** How one request treats redirects. */
export interface RedirectPolicy {
  /** Origins that receive the credentials: the service's own and the trusted ones. */
  readonly trusted: ReadonlySet<string>;
  /** What a redirect to any other origin does. */
  readonly crossOrigin: CrossOriginRedirects;
  /** Redirects followed in a row before giving up. */
  readonly maxRedirects: number;
}

/** One request's view of its own redirects. */
export interface RedirectContext {
  readonly policy: RedirectPolicy;
  /** Whether the first hop carries the user's credentials and service headers. */
  readonly credentialed: boolean;
  /** The body to send again on a 307 or 308: `stream` when it cannot be replayed, undefined for none. */
  readonly replay: BodyInit | 'stream' | undefined;
  /** Puts the credential back on an address that needs it on the URL (the query form); identity otherwise. */
  readonly authorizeUrl: (url: URL) => URL;
  /** Takes a credential carried on the URL (the query form) off it. */
  readonly unauthorizeUrl: (url: URL) => URL;
  /** Removes credentials from a URL for a message. */
  readonly redact: (url: string) => string;
  /** The fetch that sends each hop. */
  readonly fetch: typeof fetch;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that may follow a redirect to another origin: none of them is a credential or a service header. */
const PLAIN_HEADERS = ['accept', 'accept-encoding', 'accept-language', 'user-agent', 'range'];

/** Wraps `context.fetch` so that redirects are followed by the policy, hop by hop. */
export function followRedirects(context: RedirectContext): typeof fetch {
  return async (input, init) => {
    let request = input instanceof Request ? input : new Request(input, init);
    let credentialed = context.credentialed;
    let body = context.replay;
    for (let hop = 0; ; hop++) {
      const response = hop === 0 ? await context.fetch(request, init) : await context.fetch(request);
      if (response.type === 'opaqueredirect') return followHidden(request, response, body, context);
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return response;
      let target: URL;
      try {
        target = new URL(location, request.url);
      } catch {
        return response;
      }
      await response.body?.cancel().catch(() => undefined);
      const from = new URL(request.url);
      const refuse = (problem: RedirectProblem) =>
        new RedirectError({
          problem,
          status: response.status,
          method: request.method,
          url: context.redact(request.url),
          location: context.redact(target.href),
        });
      if (hop >= context.policy.maxRedirects) throw refuse('too-many');
      if (target.protocol !== 'https:' && (from.protocol === 'https:' || target.protocol !== 'http:')) {
        throw refuse('insecure');
      }
      // fetch's rules: 303 turns anything but HEAD into a GET; 301 and 302 turn a POST into one.
      let method = request.method;
      if (
        (response.status === 303 && method !== 'GET' && method !== 'HEAD') ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = undefined;
      }
      const trusted = credentialed
        ? context.policy.trusted.has(target.origin)
        : target.origin === from.origin;
      let headers: Headers;
      if (trusted) {
        headers = new Headers(request.headers);
        if (credentialed) target = context.authorizeUrl(target);
      } else {
        // A body never goes to another origin, and nor does a write.
        if (body !== undefined) throw refuse('other-origin');
        if (credentialed && context.policy.crossOrigin === 'refuse') throw refuse('other-origin');
        if (method !== 'GET' && method !== 'HEAD') throw refuse('other-origin');
        credentialed = false;
        headers = plainHeaders(request.headers);
      }
      if (body === undefined) {
        headers.delete('content-type');
        headers.delete('content-length');
      } else if (body === 'stream') {
        throw refuse('body');
      }
      request = new Request(target, {
        method,
        headers,
        signal: request.signal,
        redirect: 'manual',
        ...(body === undefined ? {} : { body, duplex: 'half' }),
      } as RequestInit);
    }
  };
}

function plainHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const name of PLAIN_HEADERS) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/**
 * Browsers hide where a manual redirect points. When the policy allows following other origins without
 * credentials, a bodiless GET or HEAD is sent again with nothing but plain headers and left to the
 * browser to follow; everything else is refused, since the target cannot be checked.
 */
async function followHidden(
  request: Request,
  response: Response,
  body: BodyInit | 'stream' | undefined,
  context: RedirectContext,
): Promise<Response> {
  const method = request.method;
  if (
    context.policy.crossOrigin === 'follow-without-credentials' &&
    body === undefined &&
    (method === 'GET' || method === 'HEAD')
  ) {
    return context.fetch(
      new Request(context.unauthorizeUrl(new URL(request.url)), {
        method,
        headers: plainHeaders(request.headers),
        signal: request.signal,
        redirect: 'follow',
      }),
    );
  }
  throw new RedirectError({
    problem: 'hidden',
    status: response.status,
    method,
    url: context.redact(request.url),
    location: undefined,
  });
}
