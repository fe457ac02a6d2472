// fetch drops `Authorization` when a redirect leaves the origin, but keeps other headers such as
// `X-Registry-Token`. Downloads from the registry redirect to wherever the asset lives, so their
// redirects are followed here, and credentials never leave the registry's origin.

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'x-registry-token'];
const MAX_REDIRECTS = 20;

function carriesCredentials(request: Request): boolean {
  return (
    CREDENTIAL_HEADERS.some((name) => request.headers.has(name)) ||
    new URL(request.url).searchParams.has('access_token')
  );
}

function withoutCredentials(url: URL, request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of CREDENTIAL_HEADERS) headers.delete(name);
  url.searchParams.delete('access_token');
  return new Request(url, { method: 'GET', headers, signal: request.signal });
}

/** Wraps fetch so that a GET carrying credentials follows redirects itself, dropping them across origins. */
export function guardRedirects(base: typeof fetch | undefined): typeof fetch {
  return async (input, init) => {
    const send = base ?? globalThis.fetch;
    // Only a GET is looked at: building a Request from one with a body would use that body up.
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method.toUpperCase() !== 'GET') return send(input, init);
    const first = new Request(input, init);
    if (!carriesCredentials(first)) return send(first);
    let request = first;
    for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
      const response = await send(request, { redirect: 'manual' });
      if (response.type === 'opaqueredirect') {
        // Browsers hide where a manual redirect points: follow it again, without credentials.
        return send(withoutCredentials(new URL(request.url), request));
      }
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      await response.body?.cancel();
      const target = new URL(location, request.url);
      if (target.origin !== new URL(request.url).origin) return send(withoutCredentials(target, request));
      request = new Request(target, { method: 'GET', headers: request.headers, signal: request.signal });
    }
    throw new TypeError(`more than ${MAX_REDIRECTS} redirects`);
  };
}
