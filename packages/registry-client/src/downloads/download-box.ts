// A provider's asset as a stream that verifies itself: the checksum is computed as the bytes pass, and a
// mismatch fails the stream at its end instead of closing it, so no consumer takes a bad asset as good.
import {
  ApiPromise,
  type ApiResult,
  InfraSdkError,
  ResponseValidationError,
  redactUrl,
  validateRequest,
} from '@infra-sdk/core';
import * as v from 'valibot';
import type { RegistryCore } from '../core.js';
import { type ChecksumType, ChecksumTypeSchema } from '../hashing/checksum-type.js';
import { createChecksum } from '../hashing/create-checksum.js';
import { readProvider } from '../providers/read-provider.js';
import type { Provider } from '../providers/schemas.js';
import { guardIdle } from '../transfers/idle-guard.js';
import { TRANSFER_TOTAL_LIMIT } from '../transfers/limits.js';
import { createMeter } from '../transfers/meter.js';
import { type DownloadOptions, DownloadSettingsSchema } from './download-options.js';

/** A download under way. */
export interface BoxDownload {
  /** The asset. It errors at its end (ResponseValidationError, issue path `checksum`) when the checksum does not match. */
  readonly body: ReadableStream<Uint8Array>;
  /** The provider the asset belongs to. */
  readonly provider: Provider;
  /** Content-Length, when the server sent one. */
  readonly size: number | undefined;
  /** The checksum being verified; undefined when nothing is verified. */
  readonly checksum:
    | {
        /** Algorithm of the checksum. */
        readonly type: ChecksumType;
        /** Expected checksum, in hex. */
        readonly value: string;
      }
    | undefined;
}

const DEFAULT_IDLE_TIMEOUT = 60_000;

/** GET /api/v1/box/:username/:name/version/:version/provider/:provider, then GET {download_url} — streams the asset and verifies its checksum. */
export function downloadBox(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: string,
  options: DownloadOptions = {},
): ApiPromise<BoxDownload> {
  return new ApiPromise(
    (async (): Promise<ApiResult<BoxDownload>> => {
      const { verify, checksum: given, onProgress, idleTimeout = DEFAULT_IDLE_TIMEOUT, ...calls } = options;
      await validateRequest(
        DownloadSettingsSchema,
        { verify, checksum: given, onProgress, idleTimeout },
        'download options',
      );
      const details = await readProvider(core, tag, version, provider, calls);
      const expected = verify === false ? undefined : (given ?? expectedChecksum(details));
      const { data: body, meta } = await core.transport
        .request<ReadableStream<Uint8Array>>(
          {
            method: 'GET',
            path: '',
            url: new URL(details.download_url, core.baseUrl).href,
            // The token goes along only when the address is the registry's own origin.
            authenticate: true,
            responseType: 'stream',
          },
          { ...calls, totalTimeout: calls.totalTimeout ?? TRANSFER_TOTAL_LIMIT },
        )
        .withMeta();
      const length = Number(meta.headers['content-length']);
      const size = Number.isSafeInteger(length) ? length : undefined;
      const where = { method: 'GET', url: redactUrl(details.download_url) };
      const checksum = expected && createChecksum(expected.type);
      const meter = createMeter({
        checksum,
        onBytes: (loaded) => onProgress?.({ direction: 'download', loaded, total: size, attempt: 1 }),
        onEnd: () => {
          const digest = checksum?.digest();
          if (expected === undefined || digest === expected.value.toLowerCase()) return;
          const message = `expected ${expected.type} ${expected.value.toLowerCase()}, received ${digest}`;
          throw new ResponseValidationError(
            'schema',
            `The downloaded asset does not match its checksum (${message}); discard it and download again`,
            { issues: [{ path: 'checksum', message }], ...where },
          );
        },
      });
      const stream = guardIdle(body.pipeThrough(meter), { idleTimeout, where, signal: calls.signal });
      return { data: { body: stream, provider: details, size, checksum: expected }, meta };
    })(),
  );
}

function expectedChecksum(provider: Provider): BoxDownload['checksum'] {
  const { checksum, checksum_type: type } = provider;
  if (!checksum || !type) return undefined;
  if (!v.is(ChecksumTypeSchema, type)) {
    throw new InfraSdkError(
      `The provider's checksum type "${type}" is not one this client can compute; pass verify: false to download without verifying`,
    );
  }
  return { type, value: checksum };
}
