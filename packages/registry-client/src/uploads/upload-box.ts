// The whole upload: ask for an address, stream the asset to it (counting and checksumming on the way),
// finalise the direct form, set the checksum. When storage fails the PUT (an expired address, a 5xx,
// 408 or 429, a dropped connection, an answer before the whole box was sent), the upload starts over
// from the first byte at a fresh address, if the source can be read again.
import {
  ApiPromise,
  type ApiResult,
  checkOptions,
  InfraSdkError,
  RequestValidationError,
  validateRequest,
} from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import type { ChecksumType } from '../hashing/types.generated.js';
import { type ProviderRef, providerRoute } from '../paths.js';
import type { Provider } from '../providers/types.generated.js';
import { supportsRequestStreams } from '../transfers/request-streams.js';
import { DIRECT_UPLOAD_MAX_BYTES } from './direct-upload-limit.js';
import { finishUpload } from './finish-upload.js';
import type { UploadOptions, UploadSettings } from './types.generated.js';
import { type AttemptPlan, attemptUpload, type RegistryStep } from './upload-attempt.js';
import {
  requestOptionsOf,
  UploadSettingsSchema,
  uploadBackoffKeys,
  uploadOptionKeys,
} from './upload-options.js';
import { createUploadRetries } from './upload-retries.js';
import { type OpenableSource, toOpenableSource, type UploadSource } from './upload-source.js';

/** What an upload did. */
export interface UploadResult {
  /** Bytes sent in the attempt that succeeded. */
  readonly bytes: number;
  /** Attempts made; more than 1 when storage failed an attempt and the upload started over at a fresh address. */
  readonly attempts: number;
  /** Whether the direct form was used (asked for with `direct`, and the box not above `directMaxBytes`). */
  readonly direct: boolean;
  /** The checksum computed while streaming, when `checksum` was asked for. */
  readonly checksum: string | undefined;
  /** Algorithm of `checksum`, when one was computed. */
  readonly checksum_type: ChecksumType | undefined;
  /** The provider after its checksum was set, when `checksum` was asked for. */
  readonly provider: Provider | undefined;
}

/** How another operation (publishing a version) runs an upload. */
export interface UploadRunner {
  /** Runs each registry call of the upload. Default: once. */
  readonly run?: RegistryStep | undefined;
  /** Set the computed checksum on the provider. Default true. */
  readonly setChecksum?: boolean | undefined;
}

/**
 * `GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload` (or `.../upload/direct`;
 * `/api/v2/.../provider/:provider/:architecture/upload` for a provider named `{ name, architecture }`),
 * `PUT {upload_path}`, then `PUT {callback}` in the direct form: uploads a provider's box image, streamed
 * with constant memory; storage failures start it over at a fresh address.
 *
 * The source is a Blob (a File, `openBoxFile(path)` in Node), bytes, a function that opens a stream,
 * or a ReadableStream (read once, so never tried again). Options: `checksum` (a type) is computed while
 * streaming and set on the provider; `direct` uses the direct-to-storage form for boxes up to
 * `directMaxBytes` (5 GiB); `onProgress` and `onRetry` follow it; `attempts` (default 3) and `backoff`
 * govern new attempts; `size` of a stream source; `contentType`; `idleTimeout` (default 60 000 ms
 * without progress); `streamBody`. The request options apply to the registry calls, and `signal` aborts
 * the PUT and the pauses between attempts too. The token and the client's headers never go to storage;
 * the direct form's callback must lie under the client's `/api/v1` (or `/api/v2`), and is called only
 * after storage answered 2xx.
 *
 * When storage fails the PUT, the upload starts over from the first byte at a fresh address, up to
 * `attempts` in all:
 *
 * | what storage did                                         | the attempt's error          | pause before the next |
 * | -------------------------------------------------------- | ---------------------------- | --------------------- |
 * | refused the address with 403, 404 or 410 (expired, used) | `UploadAddressError`         | none                  |
 * | answered 5xx or 408                                      | `ServerError`, `ApiError`    | `backoff`             |
 * | answered 429                                             | `RateLimitError`             | `backoff`             |
 * | dropped the connection before answering                  | `ConnectionError`            | `backoff`             |
 * | answered before the whole box was sent                   | `EarlyStorageAnswerError`    | `backoff`             |
 *
 * A `Retry-After` on storage's answer longer than the back-off is waited instead, up to 60 s
 * (`MAX_STORAGE_RETRY_AFTER_MS`); a longer one ends the upload. `onRetry` hears each new attempt, whose
 * progress starts again at `loaded: 0`. A ReadableStream source cannot be read again: its upload ends at
 * the first such failure.
 *
 * An answer that comes before the whole box was sent is never taken as the box stored. With a known
 * size (a Blob, bytes, a file, `size`), every byte must have been handed to the connection when storage
 * answers; without one, the source must have reached its end. Otherwise the attempt fails with an
 * `EarlyStorageAnswerError` and the rest is not sent. A Blob sent with XMLHttpRequest counts as sent once
 * the browser reports the end of its upload; one sent whole through fetch reports nothing while it goes,
 * so there storage's answer is taken as it comes.
 *
 * The body is chosen per runtime and address; `streamBody` forces it. Node, Deno and Bun stream every
 * source. Chromium streams a request body over HTTP/2 only, which it never uses for an `http:` address:
 * a Blob or bytes go whole, and a stream source streams to an `https:` address only (to an `http:` one
 * the upload fails before sending, asking for a Blob). Firefox and Safari cannot stream a request body:
 * a Blob or bytes go whole. A browser sends a whole Blob with XMLHttpRequest, since fetch reports nothing
 * while a body goes out: progress and `idleTimeout` follow its upload events, `timeout` (when given)
 * limits the whole PUT, and the errors and new attempts are those of fetch, but the client's `hooks` do
 * not see it. A `fetch` in the client options, or a runtime without XMLHttpRequest, sends the Blob with
 * that fetch. A streamed PUT cannot follow a storage redirect: the upload fails saying so.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, uploadBox } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'virtualbox' });
 * const image = new Blob([new Uint8Array(256 * 1024)]); // a box image; in Node, openBoxFile(path)
 * const result = await uploadBox(core, 'myorg/tools', '1.0.0', 'virtualbox', image, { checksum: 'sha256' });
 * console.log(result.bytes, result.attempts, result.provider?.checksum === result.checksum); // 262144 1 true
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
 * @throws {RequestValidationError} before sending, for an invalid or unknown option (named with the nearest
 *   one), tag, version or provider, or a `size` that differs from a Blob's or bytes' own.
 * @throws {NotFoundError} when the box, version or provider does not exist (create the provider first).
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box.
 * @throws {ApiError} when storage refuses the first attempt with a status another would not cure (400, 413).
 * @throws {DisallowedUseError} when the registry refuses the upload; its `errors` say why.
 */
export function uploadBox(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: ProviderRef,
  source: UploadSource,
  options: UploadOptions = {},
): ApiPromise<UploadResult> {
  return uploadOpenable(core, tag, version, provider, (size) => toOpenableSource(source, size), options);
}

/** `uploadBox` for a source already made openable (`size` is the option's), such as a file the ./node entry reads. */
export function uploadOpenable(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: ProviderRef,
  toOpenable: (size: number | undefined) => OpenableSource,
  options: UploadOptions = {},
  runner: UploadRunner = {},
): ApiPromise<UploadResult> {
  return new ApiPromise(
    (async (): Promise<ApiResult<UploadResult>> => {
      checkOptions(options, uploadOptionKeys, 'upload options');
      checkOptions(options.backoff, uploadBackoffKeys, 'upload backoff');
      const settings = await validateRequest(UploadSettingsSchema, options, 'upload options');
      providerRoute(core.baseUrl, tag, version, provider);
      const source = toOpenable(settings.size);
      checkSource(source, settings);
      const plan: AttemptPlan = {
        tag,
        version,
        provider,
        direct: directFits(source, settings),
        source,
        settings,
        options: requestOptionsOf(options),
        run: runner.run ?? ((step) => Promise.resolve(step())),
      };
      const retries = createUploadRetries(settings, options.signal, core.clock, core.transport.log);
      for (let attempt = 1; ; attempt++) {
        const tally = { bytes: 0 };
        let stored: Awaited<ReturnType<typeof attemptUpload>>;
        try {
          stored = await attemptUpload(core, plan, attempt, tally);
        } catch (error) {
          throw retries.end(error, attempt, tally.bytes);
        }
        if (!stored.ok) {
          await retries.storageFailed(stored.error, attempt, tally.bytes, source.rereadable);
          continue;
        }
        const finished = await finishUpload(core, plan, stored, runner.setChecksum !== false);
        return {
          data: {
            bytes: stored.bytes,
            attempts: attempt,
            direct: plan.direct,
            checksum: finished.digest,
            checksum_type: settings.checksum,
            provider: finished.provider,
          },
          meta: finished.meta,
        };
      }
    })(),
  );
}

/** The direct form when asked for, unless the box is known to be larger than `directMaxBytes`. */
function directFits(source: OpenableSource, settings: UploadSettings): boolean {
  if (settings.direct !== true) return false;
  return source.size === undefined || source.size <= (settings.directMaxBytes ?? DIRECT_UPLOAD_MAX_BYTES);
}

/** Refuses what cannot work before anything is sent. */
function checkSource(source: OpenableSource, settings: UploadSettings): void {
  if (settings.size !== undefined && source.whole && settings.size !== source.size) {
    throw new RequestValidationError('upload options', [
      { path: 'size', message: `is ${settings.size}, but the source holds ${source.size} bytes` },
    ]);
  }
  if (!source.whole && (settings.streamBody === false || !supportsRequestStreams())) {
    throw new InfraSdkError(
      'This runtime cannot send a stream as a request body (or streamBody is false): pass the asset as a Blob or bytes; nothing was sent',
    );
  }
}
