// The step after a successful attempt: the payload decoded from the bytes the attempt read (or the
// stream handed over), the metadata read from the response headers, the envelope taken off and the
// schema checked.
import type { Call } from './call.js';
import { ResponseValidationError } from './errors.js';
import { isStackOverflow, nestingDepth } from './json-depth.js';
import type { ApiResult, ResponseMeta } from './meta.js';
import { validateResponse } from './schema.js';
import type { TransportConfig } from './transport-options.js';

const decoder = new TextDecoder();

/** The result of `call` from its successful `response`. */
export async function decodeResponse<T, M extends ResponseMeta>(
  config: TransportConfig,
  call: Call<T, M>,
  response: Response,
): Promise<ApiResult<T, M>> {
  const { spec } = call;
  let payload: unknown = call.buffered ? undefined : abortable(response.body, call.options.signal);
  if (call.buffered) {
    const text = decoder.decode(call.payload);
    payload = spec.responseType === 'text' ? text : parseJson(text, call, spec.parseJson);
  }
  const { headers } = response;
  const { names } = config;
  const value = (name: string | undefined) => (name && headers.get(name)) ?? undefined;
  const number = (name: string | undefined) => {
    const parsed = Number(value(name) || Number.NaN);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  const leader = value(names.knownLeader);
  const warnings = (payload as { warnings?: unknown } | null | undefined)?.warnings;
  // Copying every header costs more than the rest of the metadata: done once, when first asked for.
  let copy: Record<string, string> | undefined;
  const meta: ResponseMeta = {
    status: response.status,
    requestId: value(names.requestId),
    index: number(names.index),
    knownLeader: leader === undefined ? undefined : leader === 'true',
    lastContact: number(names.lastContact),
    nextToken: value(names.nextToken) || undefined,
    warnings: Array.isArray(warnings) ? warnings.filter((item) => typeof item === 'string') : [],
    durationMs: config.clock.now() - call.clockStartedAt,
    attempts: call.attempts,
    get headers() {
      copy ??= Object.fromEntries(headers);
      return copy;
    },
  };
  const unwrapped = spec.unwrap ? spec.unwrap(payload, meta) : { data: payload, meta: meta as M };
  const data =
    spec.schema && (call.options.validateResponse ?? config.options.validateResponses ?? true)
      ? await validateResponse(spec.schema, unwrapped.data, call.where, call.secrets)
      : (unwrapped.data as T);
  return { data, meta: unwrapped.meta };
}

/**
 * A streamed body that ends when the caller's signal aborts. Fetch follows the signal only through a
 * request it may already have let go of: once the garbage collector takes that request, an abort no
 * longer reaches the body and a followed log or event stream would run on. The pipe holds the signal
 * itself for as long as the body is read; cancelling what it hands over still cancels the response.
 */
function abortable(
  body: ReadableStream<Uint8Array> | null,
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array> | null {
  if (body === null || signal === undefined) return body;
  return body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(), { signal });
}

/**
 * A JSON body as a value; empty means undefined. What the parser throws is reported without its
 * message, which quotes the body; a body nested deeper than the parser can follow is not invalid JSON,
 * and says so.
 */
function parseJson(text: string, call: Call, parse: (text: string) => unknown = JSON.parse): unknown {
  try {
    return parse(text);
  } catch (error) {
    if (!text.trim()) return undefined;
    const deep = isStackOverflow(error);
    throw new ResponseValidationError(
      deep ? 'too-deep' : 'invalid-json',
      deep
        ? `The response body nests ${nestingDepth(text)} levels deep, deeper than its JSON parser can follow`
        : 'The response body is not valid JSON',
      call.where(),
    );
  }
}
