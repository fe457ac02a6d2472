// What happens before each attempt, in ky's hooks (`beforeRequest` before the first, `beforeRetry`
// before each retry, both given one state object): the retry is reported to `onRetry`, `onRequest` may
// add headers, and a token provider is asked for the attempt's token.
import type { Hooks } from 'ky';
import { applyAuth, resolveToken } from './auth.js';
import type { Call } from './call.js';
import { toCoreError } from './error-mapping.js';
import { addHookHeaders } from './request-headers.js';
import type { TransportConfig } from './transport-options.js';

/** ky's hooks for `call`, or undefined when nothing needs to run before an attempt. */
export function attemptHooks(config: TransportConfig, call: Call): Hooks | undefined {
  const hooks = config.options.hooks;
  const prepares = call.asksToken || hooks?.onRequest !== undefined;
  const onRetry = hooks?.onRetry;
  if (!prepares && !onRetry) return undefined;
  return {
    beforeRequest: prepares ? [({ request }) => prepareAttempt(config, call, request, 0)] : [],
    beforeRetry: [
      async ({ request, error, retryCount }) => {
        if (onRetry) {
          await onRetry({ ...call.where(), attempt: retryCount, error: toCoreError(error, config, call) });
        }
        return prepares ? prepareAttempt(config, call, request, retryCount) : undefined;
      },
    ],
  };
}

/** Adds the hook's headers and the attempt's token to `request`; returns the request to send. */
async function prepareAttempt(
  config: TransportConfig,
  call: Call,
  request: Request,
  attempt: number,
): Promise<Request> {
  const added = await config.options.hooks?.onRequest?.({ ...call.where(), attempt });
  // A hook that has nothing to add may say so with undefined or null.
  if (added !== undefined && added !== null) addHookHeaders(request.headers, added, config.scheme);
  if (!call.asksToken) return request;
  const token = await resolveToken(config.token);
  if (token === undefined) return request;
  if (!call.secrets.includes(token)) call.secrets.push(token);
  return applyAuth(request, config.scheme, token);
}
