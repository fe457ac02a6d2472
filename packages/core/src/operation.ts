// The one way a client operation reaches the transport: the operation describes the request (and checks
// its input while doing so), the client's service rules complete it, the transport sends it and decodes
// the answer. Everything before sending runs inside the returned promise, so a bad input rejects the
// call and nothing reaches the network.
import { ApiPromise, type ApiResult, type ResponseMeta } from './meta.js';
import { checkOptions, type KeySets } from './option-keys.js';
import type { RequestOptions, RequestSpec } from './request-spec.js';
import type { Transport } from './transport.js';

/** The small ways a service differs from the others, applied to every call of its client. */
export interface ServiceRules<M extends ResponseMeta = ResponseMeta> {
  /**
   * Completes a described request before it is sent (an exact JSON parser, a size check); may throw
   * RequestValidationError to refuse it, and then nothing is sent.
   */
  readonly prepare?: ((spec: OperationSpec<unknown, M>) => OperationSpec<unknown, M>) | undefined;
  /** Turns the call's options into the transport's, e.g. a `namespace` option into its header. */
  readonly callOptions?: ((options: RequestOptions) => RequestOptions) | undefined;
  /** Takes the payload out of the service's envelope, or refuses a 2xx body that reports a failure. */
  readonly unwrap?:
    | ((body: unknown, meta: ResponseMeta, spec: OperationSpec<unknown, M>) => ApiResult<unknown, M>)
    | undefined;
  /**
   * Gives a failure the service's own meaning (a 403 the service explains in its body). It receives
   * core's errors (an `InfraSdkError`: the transport turns whatever fetch, ky or a hook threw into one),
   * or whatever the client's own `callOptions` and `unwrap` threw, which core passes on as it is.
   */
  readonly mapError?: ((error: unknown) => unknown) | undefined;
  /**
   * The keys the client's per-call options add to `RequestOptions` (what `callOptions` reads, e.g.
   * `{ namespace: 1 }`): with it, `sendRawRequest` refuses any other key before sending.
   */
  readonly optionKeys?: KeySets | undefined;
}

/** What every standalone operation takes first: the client's transport and its service rules. */
export interface ClientCore<M extends ResponseMeta = ResponseMeta> {
  /** The HTTP path every call takes: auth, retries, time limits, errors. */
  readonly transport: Transport;
  /** How this service differs from the others; none for a plain JSON service. */
  readonly rules?: ServiceRules<M> | undefined;
}

/** One call as an operation describes it: the request, plus what the operation adds beyond the wire. */
export interface OperationSpec<T = unknown, M extends ResponseMeta = ResponseMeta> extends RequestSpec<T, M> {
  /**
   * Answers a failure with a result instead, e.g. a listing whose 404 means "nothing here"; undefined
   * rethrows. It receives what `mapError` would (see `ServiceRules.mapError`), before it.
   */
  readonly recover?: (error: unknown) => ApiResult<T, M> | undefined;
}

/**
 * Sends the call `describe` returns through the client's core. `describe` checks the input, so a bad
 * input rejects the returned promise with RequestValidationError and nothing is sent. `optionKeys`, when
 * given, lists every key `options` may hold (`[requestOptionKeys, blockingOptionKeys, { partition: 1 }]`):
 * any other is refused the same way, before `describe` runs.
 *
 * @example
 * ```ts
 * import { type ApiPromise, type ClientCore, createTransport, path, sendOperation } from '@infra-sdk/core';
 *
 * // `GET /v1/namespace/:name`: a standalone operation of a client of your own.
 * function readNamespace(core: ClientCore, name: string): ApiPromise<{ Name: string }> {
 *   return sendOperation(core, () => ({ method: 'GET', path: path`/namespace/${name}` }));
 * }
 * const core: ClientCore = { transport: createTransport({ baseUrl: 'http://127.0.0.1:8500', pathPrefix: '/v1' }) };
 * console.log((await readNamespace(core, 'default')).Name);
 * ```
 * @throws {RequestValidationError} when `describe` refuses the input, or `options` holds a key
 *   `optionKeys` does not list (nothing is sent).
 * @throws {ApiError} and its subclasses for an error status, after the service's `mapError`, unless the
 *   spec's `recover` answers it.
 * @throws {ResponseValidationError | TimeoutError | ConnectionError | AbortError | RedirectError} as every call can.
 */
export function sendOperation<T, M extends ResponseMeta = ResponseMeta>(
  core: ClientCore<M>,
  describe: () => OperationSpec<T, M> | Promise<OperationSpec<T, M>>,
  options?: RequestOptions,
  optionKeys?: KeySets,
): ApiPromise<T, M> {
  return new ApiPromise(perform(core, describe, options ?? {}, optionKeys));
}

async function perform<T, M extends ResponseMeta>(
  core: ClientCore<M>,
  describe: () => OperationSpec<T, M> | Promise<OperationSpec<T, M>>,
  options: RequestOptions,
  optionKeys: KeySets | undefined,
): Promise<ApiResult<T, M>> {
  if (optionKeys) checkOptions(options, optionKeys, 'request options');
  const rules = core.rules;
  const described = await describe();
  const spec = (rules?.prepare ? rules.prepare(described) : described) as OperationSpec<T, M>;
  const serviceUnwrap = rules?.unwrap;
  const request: RequestSpec<T, M> =
    spec.unwrap === undefined && serviceUnwrap !== undefined
      ? { ...spec, unwrap: (body, meta) => serviceUnwrap(body, meta, spec as OperationSpec<unknown, M>) }
      : spec;
  try {
    const call = rules?.callOptions ? rules.callOptions(options) : options;
    return await core.transport.send(request, call);
  } catch (error) {
    const recovered = spec.recover?.(error);
    if (recovered !== undefined) return recovered;
    throw rules?.mapError ? rules.mapError(error) : error;
  }
}
