// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { RequestOptions } from '@infra-sdk/core';
import type { ChecksumType } from '../hashing/types.generated.js';
import type { ProgressListener } from '../transfers/progress.js';
import type { UploadRetryListener } from './upload-retry.js';

/** The upload response: where to PUT the asset. It expires shortly after issue. */
export interface UploadPreparation {
  [key: string]: unknown;
  upload_path: string;
}

/** The direct-upload response: the storage address to PUT to, and the registry address that finalises the upload. */
export interface DirectUploadPreparation {
  [key: string]: unknown;
  upload_path: string;
  callback: string;
}

/** Upload settings, checked before anything is sent. */
export interface UploadSettings {
  /**
   * Use the direct form: PUT to backend storage, then call the registry's callback (only after storage
   * answered 2xx). Default false. A box larger than `directMaxBytes` goes the plain way all the same.
   */
  direct?: boolean | undefined;
  /**
   * The largest box (in bytes) sent in the direct form; a larger one uses the plain form, as the
   * registry's command-line client does. Default 5 GiB (`DIRECT_UPLOAD_MAX_BYTES`); `Infinity` for no
   * limit. A stream or function source without `size` goes the way `direct` says.
   */
  directMaxBytes?: number | undefined;
  /** Compute this checksum while streaming and set it, with its type, on the provider afterwards. */
  checksum?: ChecksumType | undefined;
  /** Progress of the storage PUT, per chunk; each attempt starts with `loaded: 0`. */
  onProgress?: ProgressListener | undefined;
  /** Told before the upload starts over at a fresh address after a storage failure. */
  onRetry?: UploadRetryListener | undefined;
  /** Bytes in a stream or function source: sent as Content-Length and as the progress total; a source that gives more or fewer fails the upload. */
  size?: number | undefined;
  /** Milliseconds without upload progress, or without an answer after the last byte, before a TimeoutError. Default 60 000. */
  idleTimeout?: number | undefined;
  /**
   * Attempts at storage, each at a fresh upload address, when storage fails the upload (an expired
   * address, a 5xx, 408 or 429, a dropped connection, an answer before the whole box was sent) and the
   * source can be read again. 1 to 10; default 3.
   */
  attempts?: number | undefined;
  /**
   * The pause before another attempt after a storage failure (none after an expired address): core's
   * back-off, `initialMs` doubled per retry up to `maxMs`, between half and all of it, or storage's
   * `Retry-After` when longer. Default 1 000 and 30 000.
   */
  backoff?:
    | {
        initialMs?: number | undefined;
        maxMs?: number | undefined;
      }
    | undefined;
  /** Content type of the asset. Default `application/octet-stream`. */
  contentType?: string | undefined;
  /**
   * Send the asset as a stream (true) or as a Blob (false). Default: a stream in Node, Deno and Bun; in
   * browsers a Blob or bytes go whole, and a stream source streams to an https address only (Chromium
   * streams over HTTP/2 only; Firefox and Safari not at all). As a Blob, the checksum is computed in a
   * first read of the source, and `timeout` limits the PUT when given. A browser sends the Blob with
   * XMLHttpRequest, whose upload events move progress and the idle limit as the bytes go; through fetch
   * (other runtimes, or a `fetch` in the client options) progress is reported at the start and the end.
   */
  streamBody?: boolean | undefined;
}

/** Upload settings, checked before anything is sent. */
export interface UploadOptions extends RequestOptions, UploadSettings {}
