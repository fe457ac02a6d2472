// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { RequestOptions } from '@infra-sdk/core';
import type { ChecksumType } from '../../hashing/types.generated.js';
import type { UploadSource } from '../../uploads/upload-source.js';
import type { PublishProgressListener } from './publish-progress.js';

/** One provider of the version: its box image to upload (`asset`), or its download `url`. */
export interface PublishedProvider {
  /** Provider name: `virtualbox`, `libvirt`, `vmware_desktop`, ... */
  name: string;
  /**
   * CPU architecture of this box image (`amd64`, `arm64`, ...): one name may then be given once per
   * architecture, each created, uploaded and read through `/api/v2`.
   */
  architecture?: string | undefined;
  /** Make this architecture the version's default for the provider name (with `architecture`). */
  default_architecture?: boolean | undefined;
  /** The box image to upload: a Blob (a File, `openBoxFile(path)`), bytes, a ReadableStream or a function that opens one. */
  asset?: UploadSource | undefined;
  /** Bytes in a stream or function `asset` (Content-Length, the progress total). */
  size?: number | undefined;
  /** A download address instead of an uploaded image. */
  url?: string | undefined;
  /**
   * With `asset`: the checksum the image must have, compared with the one computed while it is uploaded.
   * With `url`: set on the provider, for downloaders to compare.
   */
  checksum?: string | undefined;
  /** Algorithm of `checksum`; with `asset`, the one computed while uploading. Default `sha256` for an asset. */
  checksum_type?: ChecksumType | undefined;
}

/** The version to publish: its providers, and its description should publishing create it. */
export interface PublishVersionRequest {
  /** Markdown description of the version, used when publishing creates it. */
  description?: string | undefined;
  /** Every provider of the release, each stored (or pointed at its url) and verified before the release. */
  providers: PublishedProvider[];
}

/** Publishing settings: the upload settings every box image shares, how many go at once, and the progress view. */
export interface PublishSettings {
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
  /** Box images uploaded at the same time (1 to 16). Default 2. */
  concurrency?: number | undefined;
  /** One view of the whole release: bytes of every upload and each provider's state, at every change. */
  onProgress?: PublishProgressListener | undefined;
}

/** Publishing settings: the upload settings every box image shares, how many go at once, and the progress view. */
export interface PublishOptions extends RequestOptions, PublishSettings {}
