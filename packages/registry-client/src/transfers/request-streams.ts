// Node, Deno, Bun and Chromium can send a ReadableStream as a request body; Firefox and Safari cannot.
// A browser that can reads the `duplex` option and sets no Content-Type for the stream; Deno and Bun
// stream without reading `duplex`, so they are known by their globals, as for HTTP/1.1 below.

let supported: boolean | undefined;

/** Whether this runtime's fetch can send a stream as a request body. */
export function supportsRequestStreams(): boolean {
  if (supported === undefined && streamsOverHttp1()) supported = true;
  if (supported === undefined) {
    let duplexRead = false;
    try {
      const init = {
        method: 'POST',
        body: new ReadableStream(),
        get duplex() {
          duplexRead = true;
          return 'half';
        },
      };
      const hasContentType = new Request('http://localhost/', init as RequestInit).headers.has(
        'content-type',
      );
      supported = duplexRead && !hasContentType;
    } catch {
      supported = false;
    }
  }
  return supported;
}

/**
 * Whether a streamed request body also goes over HTTP/1.1: true in Node, Deno and Bun. Browsers that
 * stream request bodies (Chromium) do so over HTTP/2 only, which a plain `http:` address never offers.
 */
export function streamsOverHttp1(): boolean {
  const runtime = globalThis as {
    process?: { versions?: { node?: unknown } };
    Deno?: unknown;
    Bun?: unknown;
  };
  return (
    typeof runtime.process?.versions?.node === 'string' ||
    runtime.Deno !== undefined ||
    runtime.Bun !== undefined
  );
}
