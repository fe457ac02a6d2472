// Node's fetch keeps every chunk of a streamed request body while redirects may still be followed, to
// send the body again after a 307 or 308, so a 1 GiB upload held 1 GiB. A streamed body can never be
// sent twice anyway (fetch refuses to follow those redirects with one), so refusing redirects for such a
// body loses nothing and lets each chunk go as soon as it is on the wire.
import { InfraSdkError, redactUrl } from '@infra-sdk/core';

// The streams uploads send, so that the wrapper knows them in the Request that ky builds around them.
const streamedBodies = new WeakSet<ReadableStream>();

// Storage transports built around a fetch from the client options: that fetch carries every PUT.
const ownFetches = new WeakSet<object>();

/** Records that `storage` sends through a fetch the client options gave; returns it. */
export function markOwnFetch<T extends object>(storage: T): T {
  ownFetches.add(storage);
  return storage;
}

/** Whether `storage` was built around a fetch from the client options. */
export function hasOwnFetch(storage: object): boolean {
  return ownFetches.has(storage);
}

/** Marks a body stream as one to send without following redirects; returns it. */
export function sendWithoutRedirects<T extends ReadableStream>(stream: T): T {
  streamedBodies.add(stream);
  return stream;
}

/** Wraps fetch so that a request with a marked body stream refuses redirects instead of buffering for them. */
export function storageFetch(base: typeof fetch | undefined): typeof fetch {
  return async (input, init) => {
    const send = base ?? globalThis.fetch;
    const body = init?.body ?? (input instanceof Request ? input.body : null);
    if (!(body instanceof ReadableStream) || !streamedBodies.has(body)) return send(input, init);
    try {
      // Rebuilt around the same stream: `fetch(request, init)` would wrap it in one more stream.
      return await (input instanceof Request && init?.body === undefined
        ? send(input.url, {
            ...init,
            method: input.method,
            headers: input.headers,
            body,
            signal: init?.signal ?? input.signal,
            duplex: 'half',
            redirect: 'error',
          } as RequestInit)
        : send(input, { ...init, redirect: 'error' }));
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
