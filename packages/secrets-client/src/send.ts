// The one path every operation takes: build the call (path encoding may fail), validate the body
// against its schema and the size limit, then send it with the namespace and the envelope unwrapped.
// Everything before sending happens inside the returned promise, so a bad input rejects it and
// nothing reaches the network.
import {
  ApiPromise,
  type ApiResult,
  encodeMount,
  NotFoundError,
  type Query,
  type RequestOptions,
  RequestValidationError,
  type StandardSchemaV1,
  validateRequest,
} from '@infra-sdk/core';
import type { SecretsCore } from './core.js';
import { type SecretsMeta, unwrapEnvelope } from './envelope.js';
import { namespaceHeaders } from './namespace.js';
import type { EngineRequestOptions, ListRequestOptions, SecretsRequestOptions } from './options.js';

/** A request body with the schema it must pass before it is sent. */
export interface CheckedBody {
  readonly schema: StandardSchemaV1;
  readonly value: unknown;
  /** Names the input in a RequestValidationError ("roleset", "static role"). */
  readonly what: string;
}

/** One call as an operation describes it. */
export interface SecretsCall<T> {
  readonly method: string;
  /** Under `/v1`, parameters already encoded. */
  readonly path: string;
  readonly query?: Query;
  /** Schema of the payload (`data`). */
  readonly response: StandardSchemaV1<unknown, T>;
  readonly body?: CheckedBody;
  /** A listing answers an empty list with 404 and no error text; this is the payload it stands for. */
  readonly emptyList?: () => T;
  readonly idempotent?: boolean;
  /** `false` for bodies without an envelope (help). */
  readonly envelope?: boolean;
}

/** Sends the call `describe` returns; input problems reject the promise before anything is sent. */
export function send<T>(
  core: SecretsCore,
  options: SecretsRequestOptions | undefined,
  describe: () => SecretsCall<T>,
): ApiPromise<T, SecretsMeta> {
  return new ApiPromise(perform(core, options ?? {}, describe));
}

async function perform<T>(
  core: SecretsCore,
  options: SecretsRequestOptions,
  describe: () => SecretsCall<T>,
): Promise<ApiResult<T, SecretsMeta>> {
  const call = describe();
  let body: unknown;
  if (call.body) {
    body = await validateRequest(call.body.schema, call.body.value, call.body.what);
    checkSize(body, core.maxRequestBytes, call.body.what);
  }
  const envelope = call.envelope ?? true;
  try {
    return await core.transport
      .request<T, SecretsMeta>(
        {
          method: call.method,
          path: call.path,
          ...(call.query === undefined ? {} : { query: call.query }),
          ...(body === undefined ? {} : { body }),
          ...(call.idempotent === undefined ? {} : { idempotent: call.idempotent }),
          schema: call.response,
          unwrap: envelope ? unwrapEnvelope : (payload, meta) => unwrapEnvelope({ data: payload }, meta),
        },
        transportOptions(options),
      )
      .withMeta();
  } catch (error) {
    if (call.emptyList && NotFoundError.isInstance(error) && error.errors.length === 0) {
      return { data: call.emptyList(), meta: emptyListMeta(error) };
    }
    throw error;
  }
}

function emptyListMeta(error: NotFoundError): SecretsMeta {
  return {
    status: error.status,
    requestId: error.requestId,
    index: undefined,
    knownLeader: undefined,
    lastContact: undefined,
    nextToken: undefined,
    warnings: [],
    headers: {},
    leaseId: '',
    leaseDuration: 0,
    renewable: false,
    wrapInfo: null,
    auth: null,
    mountType: undefined,
  };
}

// Every option of core's RequestOptions, so that an option core adds fails to compile here until it
// is forwarded, instead of being dropped silently.
const FORWARDED: { readonly [K in keyof Required<RequestOptions>]: true } = {
  signal: true,
  timeout: true,
  headers: true,
  retry: true,
  totalTimeout: true,
  validateResponse: true,
};

/** Core's per-call options with the namespace turned into its header. */
export function transportOptions(options: SecretsRequestOptions): RequestOptions {
  const forwarded: Record<string, unknown> = {};
  for (const key of Object.keys(FORWARDED) as (keyof RequestOptions)[]) {
    if (key !== 'headers' && options[key] !== undefined) forwarded[key] = options[key];
  }
  const merged = { ...options.headers, ...namespaceHeaders(options.namespace) };
  if (Object.keys(merged).length > 0) forwarded.headers = merged;
  return forwarded as RequestOptions;
}

const encoder = /* @__PURE__ */ new TextEncoder();

function checkSize(body: unknown, limit: number, what: string): void {
  const json = JSON.stringify(body);
  // A UTF-16 unit never takes more than 3 bytes in UTF-8, so most bodies need no encoding to be cleared.
  if (json.length * 3 <= limit) return;
  const size = encoder.encode(json).byteLength;
  if (size > limit) {
    throw new RequestValidationError(what, [
      {
        path: '',
        message: `the request body is ${size} bytes, more than the service accepts (${limit} bytes); send less data per request`,
      },
    ]);
  }
}

/** The checked mount of an engine call: the call's `mount` option or the client's. */
export function mountOf(fallback: string, options: EngineRequestOptions | undefined): string {
  return options?.mount === undefined ? fallback : encodeMount(options.mount, 'mount');
}

/** Method and query of a listing, by the call's or the client's choice of list form. */
export function listForm(
  core: SecretsCore,
  options: ListRequestOptions | undefined,
): { method: string; query?: Query } {
  const method = options?.listMethod ?? core.listMethod;
  if (method === 'GET') return { method: 'GET', query: { list: true } };
  if (method === 'LIST') return { method: 'LIST' };
  throw new RequestValidationError('list method', [
    { path: 'listMethod', message: `must be "LIST" or "GET", not ${JSON.stringify(method)}` },
  ]);
}
