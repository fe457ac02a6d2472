import {
  type KeySets,
  type OptionKeys,
  type OwnOptionKeys,
  type RequestOptions,
  requestOptionKeys,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { ChecksumTypeSchema } from '../hashing/checksum-type.js';
import { wholeNumber } from '../request-fields.js';
import type { ProgressListener } from '../transfers/progress.js';
import type { UploadOptions } from './types.generated.js';
import type { UploadRetryListener } from './upload-retry.js';

/* @__NO_SIDE_EFFECTS__ */
function listener<T>() {
  return v.custom<T>((value) => typeof value === 'function', 'must be a function');
}

/** A number of 0 or more (bytes, or milliseconds). */
/* @__NO_SIDE_EFFECTS__ */
function amount() {
  return v.pipe(v.number('must be a number'), v.minValue(0, 'must be 0 or more'));
}

/** Upload settings, checked before anything is sent. */
export const UploadSettingsSchema = v.object({
  /**
   * Use the direct form: PUT to backend storage, then call the registry's callback (only after storage
   * answered 2xx). Default false. A box larger than `directMaxBytes` goes the plain way all the same.
   */
  direct: v.optional(v.boolean('must be true or false')),
  /**
   * The largest box (in bytes) sent in the direct form; a larger one uses the plain form, as the
   * registry's command-line client does. Default 5 GiB (`DIRECT_UPLOAD_MAX_BYTES`); `Infinity` for no
   * limit. A stream or function source without `size` goes the way `direct` says.
   */
  directMaxBytes: v.optional(amount()),
  /** Compute this checksum while streaming and set it, with its type, on the provider afterwards. */
  checksum: v.optional(ChecksumTypeSchema),
  /** Progress of the storage PUT, per chunk; each attempt starts with `loaded: 0`. */
  onProgress: v.optional(listener<ProgressListener>()),
  /** Told before the upload starts over at a fresh address after a storage failure. */
  onRetry: v.optional(listener<UploadRetryListener>()),
  /** Bytes in a stream or function source: sent as Content-Length and as the progress total; a source that gives more or fewer fails the upload. */
  size: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.safeInteger('must be a whole number'),
      v.minValue(0, 'must be 0 or more'),
    ),
  ),
  /** Milliseconds without upload progress, or without an answer after the last byte, before a TimeoutError. Default 60 000. */
  idleTimeout: v.optional(v.pipe(v.number('must be a number'), v.minValue(1, 'must be at least 1 ms'))),
  /**
   * Attempts at storage, each at a fresh upload address, when storage fails the upload (an expired
   * address, a 5xx, 408 or 429, a dropped connection, an answer before the whole box was sent) and the
   * source can be read again. 1 to 10; default 3.
   */
  attempts: v.optional(wholeNumber(1, 10)),
  /**
   * The pause before another attempt after a storage failure (none after an expired address): core's
   * back-off, `initialMs` doubled per retry up to `maxMs`, between half and all of it, or storage's
   * `Retry-After` when longer. Default 1 000 and 30 000.
   */
  backoff: v.optional(v.strictObject({ initialMs: v.optional(amount()), maxMs: v.optional(amount()) })),
  /** Content type of the asset. Default `application/octet-stream`. */
  contentType: v.optional(v.string('must be a string')),
  /**
   * Send the asset as a stream (true) or as a Blob (false). Default: a stream in Node, Deno and Bun; in
   * browsers a Blob or bytes go whole, and a stream source streams to an https address only (Chromium
   * streams over HTTP/2 only; Firefox and Safari not at all). As a Blob, the checksum is computed in a
   * first read of the source, and `timeout` limits the PUT when given. A browser sends the Blob with
   * XMLHttpRequest, whose upload events move progress and the idle limit as the bytes go; through fetch
   * (other runtimes, or a `fetch` in the client options) progress is reported at the start and the end.
   */
  streamBody: v.optional(v.boolean('must be true or false')),
});

/** The keys `UploadOptions` adds to the request options. */
export const uploadSettingKeys = {
  direct: 1,
  directMaxBytes: 1,
  checksum: 1,
  onProgress: 1,
  onRetry: 1,
  size: 1,
  idleTimeout: 1,
  attempts: 1,
  backoff: 1,
  contentType: 1,
  streamBody: 1,
} as const satisfies OwnOptionKeys<UploadOptions, RequestOptions>;

/** The keys of `UploadOptions`. */
export const uploadOptionKeys: KeySets = [requestOptionKeys, uploadSettingKeys];

/** The keys of an upload's `backoff`. */
export const uploadBackoffKeys = { initialMs: 1, maxMs: 1 } as const satisfies OptionKeys<
  NonNullable<UploadOptions['backoff']>
>;

/** The request options among `options`: what the registry calls of an upload or a download take. */
export function requestOptionsOf(options: object): RequestOptions {
  return Object.fromEntries(Object.entries(options).filter(([key]) => Object.hasOwn(requestOptionKeys, key)));
}
