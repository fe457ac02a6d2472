// Node's fetch keeps every chunk of a streamed request body while redirects may still be followed, to
// send the body again after a 307 or 308, so a 1 GiB upload held 1 GiB. A streamed body can never be
// sent twice anyway (fetch refuses to follow those redirects with one), so refusing redirects for such a
// body loses nothing and lets each chunk go as soon as it is on the wire.
import { InfraSdkError, redactUrl } from '@infra-sdk/core';

/** Wraps fetch so that a request with a streamed body refuses redirects instead of buffering for them. */
export function storageFetch(base: typeof fetch | undefined): typeof fetch {
  return async (input, init) => {
    const send = base ?? globalThis.fetch;
    const streamed =
      init?.body instanceof ReadableStream ||
      (input instanceof Request && input.body !== null && init?.body === undefined);
    if (!streamed) return send(input, init);
    try {
      // Rebuilt around the same body stream: `fetch(request, init)` would wrap it in one more stream.
      const request = input instanceof Request ? input : undefined;
      return await (request === undefined || init?.body !== undefined
        ? send(input, { ...init, redirect: 'error' })
        : send(request.url, {
            ...init,
            method: request.method,
            headers: request.headers,
            body: request.body,
            signal: init?.signal ?? request.signal,
            duplex: 'half',
            redirect: 'error',
          } as RequestInit));
    } catch (error) {
      if (!mentionsRedirect(error)) throw error;
      const url = input instanceof Request ? input.url : String(input);
      throw new InfraSdkError(
        `Storage answered the upload to ${redactUrl(url)} with a redirect, which a streamed upload cannot follow; ` +
          'the box was not stored. Upload to the final address, or send a Blob or bytes with streamBody: false',
        { cause: error },
      );
    }
  };
}

function mentionsRedirect(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
    if (/redirect/i.test(at.message)) return true;
  }
  return false;
}
