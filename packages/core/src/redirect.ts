// Redirects are followed here, not by fetch: fetch keeps custom headers (every service's token header,
// the secrets namespace) and re-sends bodies when a redirect leaves the origin, and follows https to
// http. Each hop is checked against the origins that may receive credentials before anything is sent.
import type { Call } from './call.js';
import { InfraSdkError, RedirectError, type RedirectProblem } from './errors.js';
import { redactUrl } from './redact.js';
import type { TransportConfig } from './transport-options.js';

/**
 * What a redirect to another origin (neither `baseUrl`'s nor one of `trustedOrigins`) does. Default
 * `refuse`.
 *
 * Core follows redirects itself, with fetch's `redirect: 'manual'`, and checks each hop before it is
 * sent, at most `maxRedirects` in a row. A redirect that is not followed is a `RedirectError`, whose
 * `problem` names the rule. Whatever this option says:
 *
 * - Within `baseUrl`'s origin and `trustedOrigins`, a hop keeps the method, every header (the token, the
 *   service's, the call's) and the body: a `307` or `308` sends the body again when it can be replayed
 *   (JSON, bytes, a `Blob`), while a `303` (for any method but `HEAD`) and a `301` or `302` answering a
 *   `POST` become a `GET` without a body, as in fetch. A token in the query goes on to those origins too.
 * - A hop to another origin never carries a body, nor is it a write (`other-origin`). Under
 *   `follow-without-credentials` a `GET` or `HEAD` goes on with no token (core adds none, to a header or
 *   the query) and no service or call header: only `accept`, `accept-encoding`, `accept-language`,
 *   `user-agent` and `range`. Once dropped, credentials never come back on a later hop.
 * - `https:` to `http:`, or to a scheme other than http(s), is never followed (`insecure`), nor an
 *   address with a user name or password, on any origin (`credentials`).
 * - A streamed body (a `ReadableStream` as `rawBody`) goes with fetch's redirect mode `error`, so that
 *   fetch keeps no copy of its chunks: any redirect answering it, a `303` included, is refused (`body`,
 *   `status` 0). A browser's fetch does not say it met a redirect: there the failure is a
 *   `ConnectionError`. Send bytes or a `Blob` to have a redirect followed.
 * - Browsers hide where a manual redirect points (an `opaqueredirect` answer), so it cannot be checked
 *   and is refused (`hidden`); under `follow-without-credentials`, a `GET` or `HEAD` without a body is
 *   sent again with the plain headers above and without the query token, for the browser to follow.
 *
 * A `fetch` you pass in must honour `redirect: 'manual'`, as Node's, Bun's, Deno's and
 * `createNodeFetch`'s do.
 */
export type CrossOriginRedirects =
  /** Refuse it with a RedirectError naming the target and the `trustedOrigins` option. */
  | 'refuse'
  /** Follow a GET or HEAD without any credential, service header or body; refuse anything else. */
  | 'follow-without-credentials';

const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
/** Headers that may follow a redirect to another origin: none of them is a credential or a service header. */
const PLAIN_HEADERS = ['accept', 'accept-encoding', 'accept-language', 'user-agent', 'range'];

/**
 * Sends `request` (and `init`, for the first hop) through the transport's fetch, following redirects by
 * the rules of `call`, hop by hop: within the origins that receive credentials (the service's and the
 * trusted ones) with them, to any other only as the call's `crossOrigin` says, never from https to http.
 */
export async function followRedirects(
  config: TransportConfig,
  call: Call,
  first: Request,
  init: RequestInit | undefined,
): Promise<Response> {
  const { scheme, trusted, maxRedirects } = config;
  const { secrets, crossOrigin } = call;
  const query = scheme.type === 'query' && scheme.name;
  let request = first;
  // Whether the hop carries the user's credentials and service headers.
  let credentialed = call.authenticate;
  // The body to send again on a 307 or 308: `stream` when it cannot be replayed, undefined for none.
  let body = call.body instanceof ReadableStream ? 'stream' : call.body;
  // The query form's token of this attempt, as the first hop carries it, for the hops on trusted origins.
  let token: string | null = null;
  for (let hop = 0; ; hop++) {
    let { method, url } = request;
    let target: URL | undefined;
    let status = 0;
    const refuse = (problem: RedirectProblem) =>
      new RedirectError({
        problem,
        status,
        method,
        url: redactUrl(url, secrets),
        location: target && redactUrl(target.href, secrets),
      });
    let response: Response;
    try {
      response = await config.fetch(request, hop ? undefined : init);
    } catch (error) {
      // A streamed body goes with fetch's redirect mode `error`: fetch then fails on any redirect,
      // without its status or target, and that failure is the redirect refused. Node's, Bun's and
      // Deno's fetch name the redirect in the error; a browser's does not, and its failure stays a
      // connection error.
      for (let at = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
        if (body === 'stream' && !InfraSdkError.isInstance(error) && /redirect/i.test(at.message)) {
          throw refuse('body');
        }
      }
      throw error;
    }
    status = response.status;
    const opaque = response.type === 'opaqueredirect';
    const location = REDIRECT_STATUSES.includes(status) ? response.headers.get('location') : null;
    // Anything but a redirect is the answer; the rest of the loop runs for redirects only.
    if (!opaque && (location === null || !URL.canParse(location, url))) return response;
    const plain = method === 'GET' || method === 'HEAD';
    if (opaque) {
      // Browsers hide where a manual redirect points, so the target cannot be checked. Where the policy
      // allows it, a bodiless GET or HEAD is sent again with plain headers only, for the browser to follow.
      if (crossOrigin === 'refuse' || body !== undefined || !plain) throw refuse('hidden');
      const bare = new URL(url);
      if (query) bare.searchParams.delete(query);
      return config.fetch(
        new Request(bare, {
          method,
          headers: plainHeaders(request.headers),
          signal: request.signal,
          redirect: 'follow',
        }),
      );
    }
    target = new URL(location as string, url);
    await response.body?.cancel().catch(() => undefined);
    const from = new URL(url);
    if (query && !hop) token = from.searchParams.get(query);
    if (hop >= maxRedirects) throw refuse('too-many');
    if (target.protocol !== 'https:' && (from.protocol === 'https:' || target.protocol !== 'http:')) {
      throw refuse('insecure');
    }
    // fetch cannot send a request to an address with user information, and no hop should carry it.
    if (target.username || target.password) throw refuse('credentials');
    // fetch's rules: 303 turns anything but HEAD into a GET; 301 and 302 turn a POST into one.
    if ((status === 303 && !plain) || (status < 303 && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
    let headers = new Headers(request.headers);
    if (credentialed ? trusted.has(target.origin) : target.origin === from.origin) {
      if (credentialed && query && token !== null) target.searchParams.set(query, token);
    } else {
      // A body never goes to another origin, nor a write, nor (unless the policy says so) a credential.
      if (
        body !== undefined ||
        (method !== 'GET' && method !== 'HEAD') ||
        (credentialed && crossOrigin === 'refuse')
      ) {
        throw refuse('other-origin');
      }
      credentialed = false;
      headers = plainHeaders(headers);
    }
    if (body === 'stream') throw refuse('body');
    if (body === undefined) {
      headers.delete('content-type');
      headers.delete('content-length');
    }
    request = new Request(target, {
      method,
      headers,
      signal: request.signal,
      redirect: 'manual',
      ...(body !== undefined && { body, duplex: 'half' }),
    } as RequestInit);
  }
}

function plainHeaders(from: Headers): Headers {
  return new Headers([...from].filter(([name]) => PLAIN_HEADERS.includes(name)));
}
