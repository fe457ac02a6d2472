// Services disagree on error bodies: `{errors: [...]}` with strings or objects, with or without
// `success`, a single `error` or `message`, or plain text. All of them end up in one ApiError.
import { type ApiError, createApiError, type ServiceErrorItem } from './api-errors.js';
import { redactText } from './redact.js';
import { parseRetryAfter } from './retry.js';

const MAX_TEXT = 2048;

/** What the failed response carried. */
export interface FailedResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The body: parsed JSON, text, or undefined when empty. */
  readonly data: unknown;
}

/** Where the failed request went, with the secrets to keep out of the error. */
export interface FailedRequest {
  readonly method: string;
  readonly url: string;
  readonly requestIdHeader: string;
  readonly secrets: readonly string[];
}

/** Builds the ApiError for a response whose status is not a success, whatever it is. */
export function errorFromResponse(response: FailedResponse, request: FailedRequest): ApiError {
  const { errors, text } = readErrorBody(response.data);
  const scrub = (value: string) => redactText(value, request.secrets);
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const requestId = response.headers.get(request.requestIdHeader) ?? undefined;
  return createApiError({
    status: response.status,
    method: request.method,
    url: request.url,
    errors: errors.map((item) => (typeof item === 'string' ? scrub(item) : scrubObject(item, scrub))),
    ...(text === undefined ? {} : { body: scrub(text) }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/** Splits an error body into the service's error list and, for plain text, the text itself. */
export function readErrorBody(data: unknown): {
  /** The service's error entries; empty when the body has none. */
  errors: ServiceErrorItem[];
  /** The body itself when it is plain text rather than JSON, cut to 2048 characters. */
  text?: string;
} {
  if (typeof data === 'string') {
    const trimmed = data.trim();
    if (trimmed === '') return { errors: [] };
    try {
      return readErrorBody(JSON.parse(trimmed) as unknown);
    } catch {
      return { errors: [], text: trimmed.length > MAX_TEXT ? `${trimmed.slice(0, MAX_TEXT)}…` : trimmed };
    }
  }
  if (typeof data !== 'object' || data === null) return { errors: [] };
  const body = data as Record<string, unknown>;
  if (Array.isArray(body.errors)) {
    return { errors: body.errors.filter(isErrorItem) };
  }
  // Some services (older registry versions) send a single string instead of a list.
  if (typeof body.errors === 'string' && body.errors !== '') return { errors: [body.errors] };
  for (const key of ['error', 'message']) {
    const value = body[key];
    if (typeof value === 'string' && value !== '') return { errors: [value] };
  }
  return { errors: [] };
}

function isErrorItem(value: unknown): value is ServiceErrorItem {
  return typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

function scrubObject(
  item: Readonly<Record<string, unknown>>,
  scrub: (value: string) => string,
): Readonly<Record<string, unknown>> {
  return JSON.parse(scrub(JSON.stringify(item))) as Record<string, unknown>;
}
