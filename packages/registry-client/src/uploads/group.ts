// The `uploads` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { downloadBox } from '../downloads/download-box.js';
import { completeDirectUpload } from './complete-direct-upload.js';
import { prepareDirectUpload } from './prepare-direct-upload.js';
import { prepareUpload } from './prepare-upload.js';
import { uploadBox } from './upload-box.js';

/** The operations of `client.uploads`: box uploads and downloads. */
export const uploadOperations = {
  /**
   * `GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload`: an address to PUT the
   * provider's box image to (`upload_path`). See {@link prepareUpload}.
   *
   * A provider named `{ name, architecture }` is reached through the `/api/v2` paths
   * (`.../provider/:provider/:architecture`); its name alone reaches the version's default architecture of it.
   *
   * The address needs no token and expires shortly; `uploads.upload` does this step, the PUT, its retries
   * and the checksum for you.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'virtualbox' });
   * const { upload_path } = await registry.uploads.prepare('myorg/tools', '1.0.0', 'virtualbox');
   * console.log(upload_path); // where to PUT the box image, without the token
   * ```
   * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
   *   `provider` is empty.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  prepare: prepareUpload,
  /**
   * `GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload/direct`: a backend storage
   * address to PUT the box image to (`upload_path`), and the registry's `callback` that finalises it. See
   * {@link prepareDirectUpload}.
   *
   * Storage takes the image at `upload_path` (no token); the registry hosts it only once
   * `uploads.completeDirect(callback)` is called. `uploads.upload` with `direct: true` does all three
   * steps for you.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'virtualbox' });
   * const { upload_path, callback } = await registry.uploads.prepareDirect('myorg/tools', '1.0.0', 'virtualbox');
   * console.log(upload_path, callback);
   * ```
   * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
   *   `provider` is empty.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  prepareDirect: prepareDirectUpload,
  /**
   * `PUT {callback}`: finalises a direct upload once storage accepted the box image; the registry then
   * hosts it. The callback gets the auth header. See {@link completeDirectUpload}.
   *
   * Call it only after storage answered 2xx to the PUT. The callback must be an address under the
   * client's `baseUrl` + `/api/v1`, so the token goes to the registry only.
   *
   * @example
   * ```ts compile-only
   * const image = new Uint8Array(1024); // the box image
   * const { upload_path, callback } = await registry.uploads.prepareDirect('myorg/tools', '1.0.0', 'virtualbox');
   * const stored = await fetch(upload_path, { method: 'PUT', body: image });
   * if (stored.ok) await registry.uploads.completeDirect(callback);
   * ```
   * @throws {RequestValidationError} before sending, when `callback` is not an address under the client's
   *   `baseUrl` + `/api/v1`.
   * @throws {UnprocessableEntityError} when storage has not received the box image yet.
   * @throws {NotFoundError} when the registry knows no such direct upload for the provider.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  completeDirect: completeDirectUpload,
  /**
   * `GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload` (or `.../upload/direct`),
   * `PUT {upload_path}`, then `PUT {callback}` in the direct form: uploads a provider's box image, streamed
   * with constant memory; storage failures start it over at a fresh address. See {@link uploadBox}.
   *
   * A provider named `{ name, architecture }` is reached through the `/api/v2` paths
   * (`.../provider/:provider/:architecture`); its name alone reaches the version's default architecture of it.
   *
   * The source is a Blob (a File, `openBoxFile(path)` in Node), bytes, a function that opens a stream,
   * or a ReadableStream (read once, so never tried again). Options: `checksum` (a type) is computed while
   * streaming and set on the provider; `direct` uses the direct-to-storage form for boxes up to
   * `directMaxBytes` (5 GiB); `onProgress` and `onRetry` follow it; `attempts` (default 3) and `backoff`
   * govern new attempts; `size` of a stream source; `contentType`; `idleTimeout` (default 60 000 ms
   * without progress); `streamBody`. The request options apply to the registry calls, and `signal` aborts
   * the PUT too. The README's "Uploads and downloads" tells every step.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'virtualbox' });
   * const image = new Blob([new Uint8Array(256 * 1024)]); // a box image; in Node, openBoxFile(path)
   * const result = await registry.uploads.upload('myorg/tools', '1.0.0', 'virtualbox', image, {
   *   checksum: 'sha256',
   *   onProgress: ({ attempt, loaded, total }) => console.log(attempt, loaded, total),
   *   onRetry: ({ attempt, error, delayMs }) => console.log(`attempt ${attempt} in ${delayMs} ms after`, error.message),
   * });
   * console.log(result.checksum_type, result.checksum);
   * ```
   * @throws {UploadAttemptsError} when storage failed every attempt (`attempts`), asked for a `Retry-After` over
   *   60 s, or a later attempt met a failure another would not cure; `attempts` names each. The box was
   *   not stored.
   * @throws {UploadIncompleteError} when storage took the box but the direct form's callback or setting the
   *   checksum failed; `stage` says which is left to do.
   * @throws {InfraSdkError} when a stream source ends before `size` or gives more, a ReadableStream source meets a
   *   storage failure, storage redirects a streamed body, the registry's callback is outside `baseUrl`, or
   *   the runtime cannot send this source.
   * @throws {TimeoutError} when no bytes move for `idleTimeout` ms.
   * @throws {RequestValidationError} before sending, for an invalid option, tag, version or provider, or a `size`
   *   that differs from a Blob's or bytes' own.
   * @throws {NotFoundError} when the box, version or provider does not exist (create the provider first).
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box.
   * @throws {ApiError} when storage refuses the first attempt with a status another would not cure (400, 413).
   * @throws {DisallowedUseError} when the registry refuses the upload; its `errors` say why.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  upload: uploadBox,
  /**
   * `GET /api/v1/box/:username/:name/version/:version/provider/:provider`, then `GET {download_url}`:
   * streams a provider's box image and verifies its checksum on the way. See {@link downloadBox}.
   *
   * A provider named `{ name, architecture }` is reached through the `/api/v2` paths
   * (`.../provider/:provider/:architecture`); its name alone reaches the version's default architecture of it.
   *
   * The token goes to the download address only on the registry's own origin; a redirect to storage
   * elsewhere is followed without it. The body errors at its end when the checksum does not match, so no
   * consumer takes a bad image as complete. Options: `verify` (default true, when the provider has a
   * checksum); `checksum` (`{ type, value }`) to expect instead; `onProgress`; `idleTimeout` (default
   * 60 000 ms to wait for the next chunk); the request options (`timeout` until the headers arrive).
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools', is_private: false }); // public: anyone may download
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'virtualbox' });
   * await registry.uploads.upload('myorg/tools', '1.0.0', 'virtualbox', new Uint8Array(4096), { checksum: 'sha256' });
   * await registry.versions.release('myorg/tools', '1.0.0');
   * const download = await registry.uploads.download('myorg/tools', '1.0.0', 'virtualbox', {
   *   onProgress: ({ loaded, total }) => console.log(loaded, total),
   * });
   * for await (const chunk of download.body) void chunk; // write it somewhere; in Node, saveBoxDownload
   * console.log(download.provider.checksum === download.checksum?.value); // true
   * ```
   * @throws {ResponseValidationError} from the body stream, at its end, when the checksum does not match (issue
   *   path `checksum`): discard what was read.
   * @throws {InfraSdkError} when the provider's checksum type is not one the client can compute (pass `verify: false`).
   * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not
   *   exist, or the provider has neither a box image nor a url yet.
   * @throws {TimeoutError} when the headers do not come within `timeout`, or (from the stream) no chunk comes for
   *   `idleTimeout` ms.
   * @throws {RedirectError} when the download redirects from https to http, or too many times.
   * @throws {RequestValidationError} before sending, for an invalid option, tag, version or provider.
   * @throws {UnauthorizedError} when the client's token is not one the registry knows.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  download: downloadBox,
} as const;

/** `client.uploads`: each upload and download operation bound to the client's core. */
export interface UploadsGroup extends BoundGroup<RegistryCore, typeof uploadOperations> {}

/** Builds `client.uploads`. */
export function uploadsGroup(core: RegistryCore): UploadsGroup {
  return bindOperations(core, uploadOperations);
}
