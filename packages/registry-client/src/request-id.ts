// Every call to the registry carries an id of its own in `X-Request-Id`, and the error of a call that
// failed carries that id back (`requestId`), so the failure can be found in the registry's logs.
import {
  ApiError,
  ApiPromise,
  type ApiResult,
  InfraSdkError,
  mergeHeaders,
  type RequestOptions,
  type RequestSpec,
  type ResponseMeta,
  type Transport,
} from '@infra-sdk/core';

/** The header a request id travels in (HTTP header names are case-insensitive). */
export const REQUEST_ID_HEADER = 'x-request-id';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A fresh random id (a version 4 UUID). `randomUUID` is the runtime's own; a page served over plain
 * http has no `randomUUID` (it needs a secure context) but has `getRandomValues`, so the id is made from
 * that there.
 */
export function newRequestId(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  let hex = '';
  for (const [index, byte] of bytes.entries()) {
    hex += `${index === 4 || index === 6 || index === 8 || index === 10 ? '-' : ''}${HEX[byte]}`;
  }
  return hex;
}

/**
 * The request id a registry call's error carries: the `X-Request-Id` the call sent (or, for an
 * ApiError, the one the registry answered with). Undefined for an error of no call, such as a
 * RequestValidationError raised before anything was sent.
 *
 * @example
 * ```ts
 * import { requestIdOf } from '@infra-sdk/registry-client';
 *
 * try {
 *   await registry.boxes.read('myorg/missing');
 * } catch (error) {
 *   console.log(requestIdOf(error)); // e.g. 0b7a...: quote it when asking the registry's operators
 * }
 * ```
 */
export function requestIdOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const id = (error as { requestId?: unknown }).requestId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The transport with a request id on every call to the registry's own origin: the caller's
 * `X-Request-Id` header when given, else a fresh one. Addresses elsewhere (storage a download is
 * served from) get none: a header of ours there would only cost a browser a CORS preflight.
 */
export function withRequestIds(transport: Transport): Transport {
  const origin = new URL(transport.baseUrl).origin;
  const send = async <T, M extends ResponseMeta>(
    spec: RequestSpec<T, M>,
    options?: RequestOptions,
  ): Promise<ApiResult<T, M>> => {
    if (spec.url !== undefined && new URL(spec.url).origin !== origin) return transport.send(spec, options);
    const id = mergeHeaders(spec.headers, options?.headers)[REQUEST_ID_HEADER] ?? newRequestId();
    try {
      return await transport.send(
        { ...spec, headers: mergeHeaders(spec.headers, { [REQUEST_ID_HEADER]: id }) },
        options,
      );
    } catch (error) {
      throw carryRequestId(error, id);
    }
  };
  return {
    baseUrl: transport.baseUrl,
    send,
    request: <T, M extends ResponseMeta>(spec: RequestSpec<T, M>, options?: RequestOptions) =>
      new ApiPromise<T, M>(send(spec, options)),
    toJSON: () => transport.toJSON(),
  };
}

/** Gives the error of a call the id it was sent with, unless the registry's answer named one already. */
function carryRequestId(error: unknown, id: string): unknown {
  if (!InfraSdkError.isInstance(error) || requestIdOf(error) !== undefined) return error;
  // ApiError declares `requestId`; the other errors of a call (timeouts, connection failures,
  // responses that fail their schema) get the same field, enumerable so logs of `toJSON()` show it.
  Object.defineProperty(error, 'requestId', {
    value: id,
    enumerable: true,
    configurable: true,
    writable: ApiError.isInstance(error),
  });
  return error;
}
