// One call through the steps of the request path: plan it (`call.ts`), hand it to ky with the options
// it needs (ky times each attempt and the whole call, retries, and runs the hooks), send each attempt
// (`attempt.ts`), decode the answer (`response.ts`) or map the failure (`error-mapping.ts`).
import ky, { type Options as KyOptions } from 'ky';
import { attemptFetch } from './attempt.js';
import { planCall } from './call.js';
import { toCoreError } from './error-mapping.js';
import { noteLog } from './log.js';
import type { ApiResult, ResponseMeta } from './meta.js';
import { attemptHooks } from './prepare-attempt.js';
import type { RequestOptions, RequestSpec } from './request-spec.js';
import { decodeResponse } from './response.js';
import { kyRetry } from './retry.js';
import type { TransportConfig } from './transport-options.js';

/**
 * How ky parses an error body labelled JSON (`HTTPError.data`; core reads successful bodies itself).
 * A body that is not JSON after all (a proxy's page, a truncated answer) stays text, for the error's
 * message, where ky would drop it.
 */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends `spec` with `options` through a transport configured as `config`. */
export async function sendCall<T, M extends ResponseMeta>(
  config: TransportConfig,
  spec: RequestSpec<T, M>,
  options: RequestOptions,
): Promise<ApiResult<T, M>> {
  const call = planCall(config, spec, options);
  // Only what this call needs is handed to ky, which merges every option it gets on every call.
  const kyOptions: KyOptions = {
    headers: call.headers,
    fetch: attemptFetch(config, call),
    timeout: call.attemptTimeout,
    totalTimeout: call.totalTimeout,
    retry: call.retryable ? kyRetry(call.retry, call.method) : 0,
    redirect: 'manual',
    parseJson: jsonOrText,
  };
  if (options.signal) kyOptions.signal = options.signal;
  if (call.method !== 'GET') kyOptions.method = call.method;
  if (call.body !== undefined && call.rawInit === undefined) kyOptions.body = call.body;
  const hooks = attemptHooks(config, call);
  if (hooks) kyOptions.hooks = hooks;
  let response: Response;
  try {
    response = await ky(call.url, kyOptions);
  } catch (error) {
    const failure = toCoreError(error, config, call);
    // A loop over this client's calls (a watch, a keeper) writes its warnings to this client's log.
    noteLog(failure, config.log);
    throw failure;
  }
  return decodeResponse(config, call, response);
}
