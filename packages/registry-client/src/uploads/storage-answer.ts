// What storage answered a PUT sent without fetch (the browser's XMLHttpRequest), turned into what the
// fetch path gives: the same metadata, the same core errors, redacted the same way.
import {
  type ApiError,
  createApiError,
  emptyResponseMeta,
  InfraSdkError,
  parseRetryAfter,
  type ResponseMeta,
  readErrorBody,
  redactUrl,
} from '@infra-sdk/core';

/** The registry's request-id header, also read from storage's answers. */
const REQUEST_ID = 'x-request-id';

/** Parses `getAllResponseHeaders()` text into lower-case names; repeated names join with `, `. */
export function parseHeaderBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** The metadata of storage's 2xx answer. */
export function storageMeta(status: number, headers: Readonly<Record<string, string>>): ResponseMeta {
  return { ...emptyResponseMeta(status, headers[REQUEST_ID]), headers };
}

/** The core error for a non-2xx answer: the ApiError subclass of its status, the address redacted. */
export function storageError(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string,
  uploadPath: string,
): ApiError {
  const { errors, text } = readErrorBody(body);
  const requestId = headers[REQUEST_ID];
  const retryAfterMs = parseRetryAfter(headers['retry-after'] ?? null);
  return createApiError({
    status,
    method: 'PUT',
    url: redactUrl(uploadPath),
    errors,
    ...(text === undefined ? {} : { body: text }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/**
 * The error for an answer that came from another origin than the upload address: the browser followed
 * a redirect by itself and sent the box there (that origin allowed it through CORS). Undefined when the
 * answer came from the address's own origin, or when the runtime does not say where it came from.
 */
export function crossOriginAnswer(uploadPath: string, finalUrl: string): InfraSdkError | undefined {
  if (finalUrl === '' || !URL.canParse(finalUrl)) return undefined;
  if (new URL(finalUrl).origin === new URL(uploadPath).origin) return undefined;
  return new InfraSdkError(
    `Storage redirected the upload to another origin, ${redactUrl(finalUrl)}, and the browser sent the box there: the upload failed and was not finalised. Upload to an address that does not redirect, or give the client a fetch, which refuses such redirects`,
  );
}
