// A provider's asset as a stream that verifies itself: the checksum is computed as the bytes pass, and a
// mismatch fails the stream at its end instead of closing it, so no consumer takes a bad asset as good.
import {
  ApiPromise,
  type ApiResult,
  checkOptions,
  InfraSdkError,
  ResponseValidationError,
  redactUrl,
  validateRequest,
} from '@infra-sdk/core';
import * as v from 'valibot';
import type { RegistryCore } from '../core.js';
import { ChecksumTypeSchema } from '../hashing/checksum-type.js';
import { createChecksum } from '../hashing/create-checksum.js';
import type { ChecksumType } from '../hashing/types.generated.js';
import type { ProviderRef } from '../paths.js';
import { readProvider } from '../providers/read-provider.js';
import type { Provider } from '../providers/types.generated.js';
import { guardIdle } from '../transfers/idle-guard.js';
import { TRANSFER_TOTAL_LIMIT } from '../transfers/limits.js';
import { createMeter } from '../transfers/meter.js';
import { DownloadSettingsSchema, downloadChecksumKeys, downloadOptionKeys } from './download-options.js';
import type { DownloadOptions } from './types.generated.js';

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

/**
 * `GET /api/v1/box/:username/:name/version/:version/provider/:provider` (`/api/v2/.../provider/:provider/:architecture`
 * for a provider named `{ name, architecture }`), then `GET {download_url}`: streams a provider's box
 * image and verifies its checksum on the way.
 *
 * The token goes to the download address only on the registry's own origin; a redirect to storage
 * elsewhere is followed without it. The body errors at its end when the checksum does not match, so no
 * consumer takes a bad image as complete. Options: `verify` (default true, when the provider has a
 * checksum); `checksum` (`{ type, value }`) to expect instead; `onProgress`; `idleTimeout` (default
 * 60 000 ms to wait for the next chunk); the request options (`timeout` until the headers arrive).
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, downloadBox, releaseVersion, uploadBox } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools', is_private: false }); // public: anyone may download
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'virtualbox' });
 * await uploadBox(core, 'myorg/tools', '1.0.0', 'virtualbox', new Uint8Array(4096), { checksum: 'sha256' });
 * await releaseVersion(core, 'myorg/tools', '1.0.0');
 * const download = await downloadBox(core, 'myorg/tools', '1.0.0', 'virtualbox');
 * let bytes = 0;
 * for await (const chunk of download.body) bytes += chunk.byteLength; // throws at the end on a mismatch
 * console.log(bytes, download.checksum?.type); // 4096 sha256
 * // One architecture of a provider: await downloadBox(core, 'myorg/tools', '1.0.0', { name: 'virtualbox', architecture: 'arm64' })
 * ```
 * @throws {ResponseValidationError} from the body stream, at its end, when the checksum does not match (issue
 *   path `checksum`): discard what was read.
 * @throws {InfraSdkError} when the provider's checksum type is not one the client can compute (pass `verify: false`).
 * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not
 *   exist, or the provider has neither a box image nor a url yet.
 * @throws {TimeoutError} when the headers do not come within `timeout`, or (from the stream) no chunk comes for
 *   `idleTimeout` ms.
 * @throws {RedirectError} when the download redirects from https to http, or too many times.
 * @throws {RequestValidationError} before sending, for an invalid or unknown option (named with the nearest
 *   one), tag, version or provider.
 * @throws {UnauthorizedError} when the client's token is not one the registry knows.
 */
export function downloadBox(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: ProviderRef,
  options: DownloadOptions = {},
): ApiPromise<BoxDownload> {
  return new ApiPromise(
    (async (): Promise<ApiResult<BoxDownload>> => {
      checkOptions(options, downloadOptionKeys, 'download options');
      checkOptions(options.checksum, downloadChecksumKeys, 'download checksum');
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
      const stream = guardIdle(body.pipeThrough(meter), {
        idleTimeout,
        clock: core.clock,
        where,
        signal: calls.signal,
      });
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
