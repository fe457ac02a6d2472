import type { RequestOptions } from '@infra-sdk/core';
import * as v from 'valibot';
import { ChecksumTypeSchema } from '../hashing/checksum-type.js';
import type { ProgressListener } from '../transfers/progress.js';

/** Upload settings, checked before anything is sent. */
export const UploadSettingsSchema = v.object({
  direct: v.optional(v.boolean('must be true or false')),
  checksum: v.optional(ChecksumTypeSchema),
  size: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.safeInteger('must be a whole number'),
      v.minValue(0, 'must be 0 or more'),
    ),
  ),
  idleTimeout: v.optional(v.pipe(v.number('must be a number'), v.minValue(1, 'must be at least 1 ms'))),
  addressRenewals: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(0, 'must be 0 or more'),
      v.maxValue(10, 'must be at most 10'),
    ),
  ),
  contentType: v.optional(v.string('must be a string')),
  onProgress: v.optional(v.function('must be a function')),
  streamBody: v.optional(v.boolean('must be true or false')),
});

/** Per-call options of an upload. The request options apply to the registry calls around the storage PUT. */
export interface UploadOptions extends RequestOptions {
  /**
   * Use the direct form: PUT to backend storage, then call the registry's callback (only after storage
   * answered 2xx). Default false.
   */
  readonly direct?: boolean;
  /** Compute this checksum while streaming and set it, with its type, on the provider afterwards. */
  readonly checksum?: v.InferOutput<typeof ChecksumTypeSchema>;
  /** Progress of the storage PUT, per chunk. */
  readonly onProgress?: ProgressListener;
  /** Bytes in a stream or function source: sent as Content-Length and as the progress total; a source that gives more or fewer fails the upload. */
  readonly size?: number;
  /** Milliseconds without upload progress, or without an answer after the last byte, before a TimeoutError. Default 60 000. */
  readonly idleTimeout?: number;
  /** How often an expired upload address is replaced by a fresh one (the upload then starts over). Default 2. */
  readonly addressRenewals?: number;
  /** Content type of the asset. Default `application/octet-stream`. */
  readonly contentType?: string;
  /**
   * Send the asset as a stream (true) or as a Blob (false). Default: a stream in Node, Deno and Bun; in
   * browsers a Blob or bytes go whole, and a stream source streams to an https address only (Chromium
   * streams over HTTP/2 only; Firefox and Safari not at all). As a Blob, the checksum is computed in a
   * first read of the source, and `timeout` limits the PUT when given. A browser sends the Blob with
   * XMLHttpRequest, whose upload events move progress and the idle limit as the bytes go; through fetch
   * (other runtimes, or a `fetch` in the client options) progress is reported at the start and the end.
   */
  readonly streamBody?: boolean;
}
