// PUT {upload_path} of a Blob with the browser's XMLHttpRequest: fetch reports nothing while a request
// body goes out, and streams one (which could be counted) only over HTTP/2 in Chromium and not at all in
// Firefox and Safari, so XHR's upload events are the only way a browser tells how far a Blob is.
// Like fetch from a page, XHR follows redirects by itself; where the answer came from is checked after.
// Its upload events also say whether the whole body was out when storage answered: one that answered
// before is no success.
import {
  AbortError,
  type Clock,
  ConnectionError,
  RequestValidationError,
  type ResponseMeta,
  redactUrl,
  TimeoutError,
} from '@infra-sdk/core';
import { type IdleWatch, watchIdle } from '../transfers/idle-watch.js';
import { EarlyStorageAnswerError } from './early-answer-error.js';
import { crossOriginAnswer, parseHeaderBlock, storageError, storageMeta } from './storage-answer.js';

/** What one XHR upload needs. */
export interface XhrPut {
  readonly uploadPath: string;
  readonly blob: Blob;
  readonly contentType: string;
  /** Milliseconds without upload progress, or without an answer after the last byte. */
  readonly idleTimeout: number;
  /** Where the idle limit is counted. */
  readonly clock: Clock;
  /** Milliseconds for the whole PUT. */
  readonly totalTimeout: number;
  readonly signal: AbortSignal | undefined;
  /** Bytes on their way so far, as the browser reports them. */
  readonly onBytes: (loaded: number) => void;
}

/** Whether this runtime has XMLHttpRequest with upload progress (browsers; not Node, Deno or Bun). */
export function supportsXhrUpload(): boolean {
  const xhr: unknown = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  return typeof xhr === 'function' && 'upload' in (xhr.prototype as object);
}

/** Sends the Blob; resolves with storage's metadata once it answered 2xx from the address's own origin. */
export function xhrPut(put: XhrPut): Promise<{ meta: ResponseMeta }> {
  const { uploadPath, blob, contentType, idleTimeout, clock, totalTimeout, signal, onBytes } = put;
  const where = { method: 'PUT', url: redactUrl(uploadPath) };
  if (signal?.aborted) {
    return Promise.reject(
      new AbortError('The upload was aborted before it was sent', { cause: signal.reason }),
    );
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let loaded = 0;
    // Set by the upload's `load` event: the browser sent the last byte of the body.
    let bodySent = blob.size === 0;
    let idle: IdleWatch | undefined;
    let settled = false;
    let totalTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = (error: Error | undefined, meta?: ResponseMeta) => {
      if (settled) return;
      settled = true;
      idle?.stop();
      clearTimeout(totalTimer);
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined && meta !== undefined) resolve({ meta });
      else reject(error);
    };
    const stop = (error: Error) => {
      finish(error);
      xhr.abort();
    };
    const earlyAnswer = (status: number) =>
      bodySent
        ? undefined
        : new EarlyStorageAnswerError({ status, sent: loaded, size: blob.size, url: where.url });
    const onAbort = () => stop(new AbortError('The upload was aborted', { cause: signal?.reason }));

    xhr.upload.addEventListener('progress', (event) => {
      idle?.moved();
      if (event.loaded > loaded && event.loaded <= blob.size) {
        loaded = event.loaded;
        onBytes(loaded);
      }
    });
    // The last byte is out, then the answer arrives: the idle limit bounds each wait.
    const moved = () => idle?.moved();
    xhr.upload.addEventListener('load', () => {
      bodySent = true;
      moved();
    });
    xhr.addEventListener('progress', moved);
    xhr.addEventListener('error', () =>
      finish(
        new ConnectionError('the storage address could not be reached, or refused the upload (CORS)', where),
      ),
    );
    xhr.addEventListener('load', () => {
      const headers = parseHeaderBlock(xhr.getAllResponseHeaders());
      const failure =
        crossOriginAnswer(uploadPath, xhr.responseURL) ??
        (xhr.status < 200 || xhr.status > 299
          ? storageError(xhr.status, headers, xhr.responseText, uploadPath)
          : earlyAnswer(xhr.status));
      finish(failure, storageMeta(xhr.status, headers));
    });

    try {
      xhr.open('PUT', uploadPath);
      xhr.responseType = 'text';
      xhr.setRequestHeader('content-type', contentType);
    } catch {
      // Only the content type can be refused here: the address was checked before.
      reject(
        new RequestValidationError('upload options', [
          { path: 'contentType', message: 'is not a valid header value' },
        ]),
      );
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    idle = watchIdle(clock, idleTimeout, () =>
      stop(new TimeoutError(idleTimeout, `the upload made no progress after ${loaded} bytes`, where)),
    );
    totalTimer = setTimeout(
      () => stop(new TimeoutError(totalTimeout, 'the upload did not finish', where)),
      totalTimeout,
    );
    xhr.send(blob);
  });
}
