// PUT {upload_path}: the asset goes to storage with neither the token nor the client's default headers.
import type { ApiResult, ResponseMeta } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { TRANSFER_TOTAL_LIMIT } from '../transfers/limits.js';

/** One PUT of a body to storage. */
export interface StoragePut {
  readonly uploadPath: string;
  readonly body: BodyInit;
  /** Sent as Content-Length when known. */
  readonly size: number | undefined;
  readonly contentType: string;
  readonly signal: AbortSignal | undefined;
  /** Milliseconds until the answer's headers (a stream's answer) or its end (a Blob's). */
  readonly timeout: number;
}

/**
 * Sends the PUT and resolves as soon as storage's answer is in, its body unread: the caller learns what
 * had been sent at that moment, before anything else happens on the connection.
 */
export function putToStorage(
  core: RegistryCore,
  put: StoragePut,
): Promise<ApiResult<ReadableStream<Uint8Array> | null, ResponseMeta>> {
  return core.storage
    .request<ReadableStream<Uint8Array> | null>(
      {
        method: 'PUT',
        path: '',
        url: put.uploadPath,
        rawBody: put.body,
        headers: {
          'content-type': put.contentType,
          ...(put.size === undefined ? {} : { 'content-length': String(put.size) }),
        },
        responseType: 'stream',
      },
      // A large asset may take longer than a call is normally allowed; the idle guard bounds a stall.
      {
        ...(put.signal ? { signal: put.signal } : {}),
        timeout: put.timeout,
        totalTimeout: TRANSFER_TOTAL_LIMIT,
        retry: false,
      },
    )
    .withMeta();
}

/** Lets go of storage's answer to a PUT that succeeded: its body, if any, is not read (nor let grow in memory). */
export async function discardAnswer(body: ReadableStream<Uint8Array> | null): Promise<void> {
  await body?.cancel().catch(() => undefined);
}
