// What happens before each attempt, in ky's hooks (`beforeRequest` before the first, `beforeRetry`
// before each retry, both given one state object): the retry is reported to `onRetry`, the attempt
// waits for its slot of the client's rate limit (before ky's time limit of the attempt starts), a token
// provider is asked for the attempt's token, `onRequest` may add headers, and the token goes on last.
import type { Hooks } from 'ky';
import { applyAuth, resolveToken } from './auth.js';
import { bodyText } from './body-text.js';
import type { Call } from './call.js';
import { toCoreError } from './error-mapping.js';
import type { RetriedError } from './hooks.js';
import { addHookHeaders } from './request-headers.js';
import type { TransportConfig } from './transport-options.js';

/** ky's hooks for `call`, or undefined when nothing needs to run before an attempt. */
export function attemptHooks(config: TransportConfig, call: Call): Hooks | undefined {
  const { hooks } = config;
  const prepares = call.asksToken || hooks?.onRequest !== undefined || config.limiter !== undefined;
  const onRetry = hooks?.onRetry;
  if (!prepares && !onRetry) return undefined;
  return {
    beforeRequest: prepares ? [({ request }) => prepareAttempt(config, call, request, 0)] : [],
    beforeRetry: [
      async ({ request, error, retryCount }) => {
        if (onRetry) {
          // ky retries only what `shouldRetry` (retry.ts) accepts: an HTTPError of a listed status, a
          // time-out, a network failure or a ConnectionError, which map to the RetriedError classes.
          const failure = toCoreError(error, config, call) as RetriedError;
          await onRetry({ ...call.where(), attempt: retryCount, error: failure });
        }
        return prepares ? prepareAttempt(config, call, request, retryCount) : undefined;
      },
    ],
  };
}

// Rotations are rare: a handful of past tokens covers any text a later call might still quote.
const REMEMBERED_TOKENS = 8;

function remember(handedOut: string[], secrets: string[], token: string): void {
  if (!secrets.includes(token)) secrets.push(token);
  if (handedOut.includes(token)) return;
  handedOut.push(token);
  if (handedOut.length > REMEMBERED_TOKENS) handedOut.shift();
}

/** Adds the hook's headers and the attempt's token to `request`; returns the request to send. */
async function prepareAttempt(
  config: TransportConfig,
  call: Call,
  request: Request,
  attempt: number,
): Promise<Request> {
  const { limiter } = config;
  if (limiter) {
    await limiter.take(request.signal);
    if (request.signal.aborted) throw request.signal.reason;
  }
  // The token is known before the hook runs, so that whatever the hook is shown is redacted of it too.
  const token = call.asksToken ? await resolveToken(call.token) : undefined;
  if (token !== undefined) remember(config.handedOut, call.secrets, token);
  const onRequest = config.hooks?.onRequest;
  if (onRequest) {
    const added = await onRequest({
      ...call.where(),
      attempt,
      body: () => bodyText(call.body, call.secrets),
    });
    // A hook that has nothing to add may say so with undefined or null.
    if (added !== undefined && added !== null) addHookHeaders(request.headers, added, config.scheme);
  }
  return token === undefined ? request : applyAuth(request, config.scheme, token);
}
