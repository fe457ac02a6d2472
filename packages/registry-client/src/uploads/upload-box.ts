// The whole upload: ask for an address, stream the asset to it (counting and checksumming on the way),
// finalise the direct form, set the checksum. An address that expired is replaced and the upload starts
// over from the first byte, when the source can be read again.
import {
  ApiError,
  ApiPromise,
  type ApiResult,
  InfraSdkError,
  type RequestOptions,
  RequestValidationError,
  type ResponseMeta,
  validateRequest,
} from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import type { ChecksumType } from '../hashing/checksum-type.js';
import { createChecksum } from '../hashing/create-checksum.js';
import { providerPath } from '../paths.js';
import type { Provider } from '../providers/schemas.js';
import { updateProvider } from '../providers/update-provider.js';
import { streamsOverHttp1, supportsRequestStreams } from '../transfers/request-streams.js';
import { chooseBody } from './choose-body.js';
import { callbackRoute, completeDirectUpload } from './complete-direct-upload.js';
import { prepareDirectUpload } from './prepare-direct-upload.js';
import { prepareUpload } from './prepare-upload.js';
import { sendToStorage } from './send-to-storage.js';
import { toAddressError, UploadIncompleteError } from './upload-errors.js';
import { type UploadOptions, UploadSettingsSchema } from './upload-options.js';
import { type OpenableSource, toOpenableSource, type UploadSource } from './upload-source.js';

/** What an upload did. */
export interface UploadResult {
  /** Bytes sent in the attempt that succeeded. */
  readonly bytes: number;
  /** Attempts made; more than 1 when an upload address expired and a fresh one was used. */
  readonly attempts: number;
  /** The checksum computed while streaming, when `checksum` was asked for. */
  readonly checksum: string | undefined;
  /** Algorithm of `checksum`, when one was computed. */
  readonly checksum_type: ChecksumType | undefined;
  /** The provider after its checksum was set, when `checksum` was asked for. */
  readonly provider: Provider | undefined;
}

const DEFAULT_IDLE_TIMEOUT = 60_000;
const DEFAULT_RENEWALS = 2;
// Statuses with which storage refuses an address that is no longer valid.
const EXPIRED_STATUSES = new Set([403, 404, 410]);

/**
 * GET .../provider/:provider/upload (or upload/direct), PUT {upload_path}, then PUT {callback} for the
 * direct form — uploads a box asset for a provider, streamed with constant memory.
 */
export function uploadBox(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: string,
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
  provider: string,
  toOpenable: (size: number | undefined) => OpenableSource,
  options: UploadOptions = {},
): ApiPromise<UploadResult> {
  return new ApiPromise(
    (async (): Promise<ApiResult<UploadResult>> => {
      const settings = await validateRequest(UploadSettingsSchema, pickSettings(options), 'upload options');
      providerPath(tag, version, provider);
      const openable = toOpenable(settings.size);
      if (settings.size !== undefined && openable.whole && settings.size !== openable.size) {
        throw new RequestValidationError('upload options', [
          { path: 'size', message: `is ${settings.size}, but the source holds ${openable.size} bytes` },
        ]);
      }
      if (!openable.whole && (settings.streamBody === false || !supportsRequestStreams())) {
        throw new InfraSdkError(
          'This runtime cannot send a stream as a request body (or streamBody is false): pass the asset as a Blob or bytes; nothing was sent',
        );
      }
      const calls: RequestOptions = options;
      const renewals = settings.addressRenewals ?? DEFAULT_RENEWALS;
      let lastFailure: unknown;
      for (let attempt = 1; ; attempt++) {
        if (attempt > 1 && !openable.rereadable) throw cannotReread(lastFailure);
        const prepared: { upload_path: string; callback?: string | undefined } = settings.direct
          ? await prepareDirectUpload(core, tag, version, provider, calls)
          : await prepareUpload(core, tag, version, provider, calls);
        // Everything that can be checked is checked before the first byte leaves.
        if (prepared.callback !== undefined) checkCallback(core, prepared.callback);
        const stream = chooseBody(openable, prepared.upload_path, settings.streamBody, {
          canStream: supportsRequestStreams(),
          overHttp1: streamsOverHttp1(),
        });
        const checksum = settings.checksum === undefined ? undefined : createChecksum(settings.checksum);
        let sent: { bytes: number; meta: ResponseMeta };
        try {
          sent = await sendToStorage(core, prepared.upload_path, openable, {
            attempt,
            checksum,
            idleTimeout: settings.idleTimeout ?? DEFAULT_IDLE_TIMEOUT,
            contentType: settings.contentType ?? 'application/octet-stream',
            stream,
            options,
          });
        } catch (error) {
          if (ApiError.isInstance(error) && EXPIRED_STATUSES.has(error.status)) {
            const refused = toAddressError(error, attempt);
            if (attempt > renewals) throw refused;
            lastFailure = refused;
            continue;
          }
          throw error;
        }
        let meta = sent.meta;
        const digest = checksum?.digest();
        const { callback } = prepared;
        if (callback !== undefined) {
          try {
            meta = (await completeDirectUpload(core, callback, calls).withMeta()).meta;
          } catch (error) {
            throw new UploadIncompleteError(
              { stage: 'callback', bytes: sent.bytes, callback, checksum: digest },
              error,
            );
          }
        }
        let updated: Provider | undefined;
        if (digest !== undefined && settings.checksum !== undefined) {
          try {
            const result = await updateProvider(
              core,
              tag,
              version,
              provider,
              { checksum: digest, checksum_type: settings.checksum },
              calls,
            ).withMeta();
            updated = result.data;
            meta = result.meta;
          } catch (error) {
            throw new UploadIncompleteError(
              { stage: 'checksum', bytes: sent.bytes, checksum: digest },
              error,
            );
          }
        }
        return {
          data: {
            bytes: sent.bytes,
            attempts: attempt,
            checksum: digest,
            checksum_type: settings.checksum,
            provider: updated,
          },
          meta,
        };
      }
    })(),
  );
}

/** Refuses a callback the token could not safely go to, before the box is sent anywhere. */
function checkCallback(core: RegistryCore, callback: string): void {
  try {
    callbackRoute(core, callback);
  } catch (error) {
    throw new InfraSdkError(
      `The registry answered the direct upload with a callback outside ${core.apiUrl}, where the token may not go; the box was not sent to storage (set baseUrl to the registry's own address)`,
      { cause: error },
    );
  }
}

function pickSettings(options: UploadOptions): Record<string, unknown> {
  const { direct, checksum, size, idleTimeout, addressRenewals, contentType, onProgress, streamBody } =
    options;
  return Object.fromEntries(
    Object.entries({
      direct,
      checksum,
      size,
      idleTimeout,
      addressRenewals,
      contentType,
      onProgress,
      streamBody,
    }).filter(([, value]) => value !== undefined),
  );
}

function cannotReread(cause: unknown): InfraSdkError {
  return new InfraSdkError(
    'The upload address expired before the upload finished, and the source is a ReadableStream that cannot ' +
      'be read a second time. Pass a Blob, bytes, a file path (uploadBoxFile from ./node) or a function that ' +
      'opens a fresh stream, so the upload can start over at a new address.',
    { cause },
  );
}
