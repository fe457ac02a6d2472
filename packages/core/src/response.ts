// The step after a successful attempt: the payload decoded from the bytes the attempt read (or the
// stream handed over), the metadata read from the response headers, the envelope taken off and the
// schema checked.
import type { Call } from './call.js';
import { ResponseValidationError } from './errors.js';
import { isStackOverflow, nestingDepth } from './json-depth.js';
import type { ApiResult, ResponseMeta } from './meta.js';
import { validateResponse } from './schema.js';
import type { MetaNames, TransportConfig } from './transport-options.js';

const decoder = new TextDecoder();

/** The result of `call` from its successful `response`. */
export async function decodeResponse<T, M extends ResponseMeta>(
  config: TransportConfig,
  call: Call<T, M>,
  response: Response,
): Promise<ApiResult<T, M>> {
  const { spec } = call;
  let payload: unknown = response.body;
  if (call.buffered) {
    const text = call.payload ? decoder.decode(call.payload) : '';
    payload = spec.responseType === 'text' ? text : parseJson(text, call, spec.parseJson);
  }
  const meta = readMeta(response, config.names, warningsOf(payload), {
    durationMs: config.clock.now() - call.clockStartedAt,
    attempts: call.attempts,
  });
  const unwrapped = spec.unwrap ? spec.unwrap(payload, meta) : { data: payload, meta: meta as M };
  const data =
    spec.schema && (call.options.validateResponse ?? config.options.validateResponses ?? true)
      ? await validateResponse(spec.schema, unwrapped.data, call.where, call.secrets)
      : (unwrapped.data as T);
  return { data, meta: unwrapped.meta };
}

/** The metadata of a response; its headers are copied only when `meta.headers` is read. */
export function readMeta(
  response: Response,
  names: MetaNames,
  warnings: string[],
  timing: Pick<ResponseMeta, 'durationMs' | 'attempts'>,
): ResponseMeta {
  const { headers } = response;
  const leader = headerValue(headers, names.knownLeader);
  // Copying every header costs more than the rest of the metadata: done once, when first asked for.
  let copy: Record<string, string> | undefined;
  return {
    status: response.status,
    requestId: headerValue(headers, names.requestId),
    index: headerNumber(headers, names.index),
    knownLeader: leader === undefined ? undefined : leader === 'true',
    lastContact: headerNumber(headers, names.lastContact),
    nextToken: headerValue(headers, names.nextToken) || undefined,
    warnings,
    durationMs: timing.durationMs,
    attempts: timing.attempts,
    get headers() {
      if (!copy) {
        copy = {};
        for (const [key, value] of headers) copy[key] = value;
      }
      return copy;
    },
  };
}

function headerValue(headers: Headers, name: string | undefined): string | undefined {
  return name === undefined ? undefined : (headers.get(name) ?? undefined);
}

function headerNumber(headers: Headers, name: string | undefined): number | undefined {
  const value = headerValue(headers, name);
  const parsed = value ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
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
    if (text.trim() === '') return undefined;
    if (isStackOverflow(error)) {
      throw new ResponseValidationError(
        'too-deep',
        `The response body nests ${nestingDepth(text)} levels deep, deeper than its JSON parser can follow`,
        call.where(),
      );
    }
    throw new ResponseValidationError('invalid-json', 'The response body is not valid JSON', call.where());
  }
}

function warningsOf(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const warnings = (payload as { warnings?: unknown }).warnings;
  return Array.isArray(warnings) ? warnings.filter((item): item is string => typeof item === 'string') : [];
}
