// The third step: one attempt, as ky calls it through its `fetch` option. ky times it, so one window
// covers the attempt from sending to the last byte of a buffered body: the redirects (followed here,
// by the credential rules of `redirect.ts`), and the body, read here with its size cap, so that a
// connection that breaks mid-body is retried like one that broke before the headers.
import { bodyText } from './body-text.js';
import type { Call } from './call.js';
import { readBody } from './read-body.js';
import { followRedirects } from './redirect.js';
import { parseRetryAfter } from './retry.js';
import type { TransportConfig } from './transport-options.js';

const decoder = new TextDecoder();

/** The `fetch` ky calls for each attempt of `call`. */
export function attemptFetch(config: TransportConfig, call: Call): typeof fetch {
  return (input, init) => sendAttempt(config, call, input as Request, init);
}

/**
 * Sends one attempt of `call`: its redirects followed, the answer reported to `onResponse`, and a
 * successful buffered body read into `call.payload` (an error body is ky's to read, into its `HTTPError`).
 */
async function sendAttempt(
  config: TransportConfig,
  call: Call,
  request: Request,
  init: RequestInit | undefined,
): Promise<Response> {
  const attempt = call.attempts;
  call.attempts += 1;
  const onResponse = config.hooks?.onResponse;
  const sentAt = onResponse ? performance.now() : 0;
  const response = await followRedirects(
    config,
    call,
    request,
    call.rawInit === undefined ? init : { ...init, ...call.rawInit },
  );
  const { limiter } = config;
  if (limiter && (response.status === 429 || response.status === 503)) {
    // The service said when to come back: no call of this client asks sooner (within the retry cap).
    const asked = parseRetryAfter(response.headers.get('retry-after'));
    if (asked !== undefined)
      limiter.holdUntil(config.clock.now() + Math.min(asked, call.retry.maxRetryAfterMs));
  }
  try {
    if (call.buffered && response.ok) {
      call.payload = await readBody(response.body, {
        maxBytes: config.maxResponseBytes,
        signal: request.signal,
        where: call.where,
      });
    }
  } finally {
    if (onResponse) {
      const durationMs = performance.now() - sentAt;
      const { payload, secrets } = call;
      await onResponse({
        ...call.where(),
        attempt,
        status: response.status,
        durationMs,
        requestId: response.headers.get(config.names.requestId) ?? undefined,
        // Only this attempt's own body: `payload` holds it once read, and only for a success.
        body: () =>
          !response.ok
            ? undefined
            : call.buffered
              ? bodyText(payload?.length ? decoder.decode(payload) : undefined, secrets)
              : '[stream]',
      });
    }
  }
  return response;
}
