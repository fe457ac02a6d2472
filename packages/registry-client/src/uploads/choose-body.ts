import { InfraSdkError } from '@infra-sdk/core';
import type { OpenableSource } from './upload-source.js';

/** What the runtime can do with a streamed request body. */
export interface StreamSupport {
  /** fetch takes a ReadableStream as a body (Node, Deno, Bun, Chromium). */
  readonly canStream: boolean;
  /** ... over HTTP/1.1 too (Node, Deno, Bun); Chromium streams over HTTP/2 only. */
  readonly overHttp1: boolean;
}

/**
 * Stream the body (true) or send it as a Blob (false). Node, Deno and Bun stream everything. A browser
 * streams only over HTTP/2, which it never speaks to an `http:` address and may not to an `https:` one,
 * so there a Blob or bytes goes as a Blob, and a stream source goes as a stream to an `https:` address
 * only; anything that cannot work fails here, before a byte is sent.
 */
export function chooseBody(
  source: OpenableSource,
  uploadPath: string,
  streamBody: boolean | undefined,
  { canStream, overHttp1 }: StreamSupport,
): boolean {
  let url: URL | undefined;
  try {
    url = new URL(uploadPath);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InfraSdkError(
      `The registry gave an upload address that is not an http(s) URL (${uploadPath.slice(0, 80)}); nothing was sent to storage`,
    );
  }
  if (streamBody !== undefined) return streamBody;
  if (!canStream) return false;
  if (overHttp1) return true;
  if (source.whole) return false;
  if (url.protocol === 'https:') return true;
  throw new InfraSdkError(
    `This runtime streams a request body over HTTP/2 only, and the upload address ${url.origin} is plain http: pass the asset as a Blob or bytes; nothing was sent to storage`,
  );
}

/** How a Blob (or bytes) goes to storage: what the runtime offers, and whether the client has a fetch of its own. */
export interface BlobSenders {
  /** XMLHttpRequest with upload progress is there (browsers). */
  readonly xhr: boolean;
  /** The client options gave a `fetch`, which then carries every request. */
  readonly ownFetch: boolean;
}

/**
 * `xhr` where the browser can report upload progress and the client uses the global fetch; `fetch`
 * otherwise (Node, Deno, Bun, or a fetch from the options, which is used as given).
 */
export function chooseBlobSender({ xhr, ownFetch }: BlobSenders): 'xhr' | 'fetch' {
  return xhr && !ownFetch ? 'xhr' : 'fetch';
}
