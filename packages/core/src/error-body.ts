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
  const { headers } = response;
  return createApiError({
    status: response.status,
    method: request.method,
    url: request.url,
    // An object entry is scrubbed as the JSON it came as, so no field of it keeps a secret.
    errors: errors.map((item) =>
      typeof item === 'string' ? scrub(item) : (JSON.parse(scrub(JSON.stringify(item))) as ServiceErrorItem),
    ),
    body: text && scrub(text),
    requestId: headers.get(request.requestIdHeader) ?? undefined,
    retryAfterMs: parseRetryAfter(headers.get('retry-after')),
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
    const text = data.trim();
    try {
      return text ? readErrorBody(JSON.parse(text)) : { errors: [] };
    } catch {
      return { errors: [], text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text };
    }
  }
  const body = data as Record<string, unknown> | null | undefined;
  const list = body?.errors;
  if (Array.isArray(list)) {
    return {
      errors: list.filter(
        (item) =>
          typeof item === 'string' || (typeof item === 'object' && item !== null && !Array.isArray(item)),
      ),
    };
  }
  // Some services (older registry versions) send a single string instead of a list; others `error`
  // or `message`.
  for (const value of [list, body?.error, body?.message]) {
    if (typeof value === 'string' && value) return { errors: [value] };
  }
  return { errors: [] };
}
