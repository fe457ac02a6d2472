// A release in one call: the version created if missing, every provider's box image uploaded (a few at
// a time) or its url set, each read back and verified, and the version released only once all are ready.
// On any failure nothing is released, and the error says how each provider ended.
import {
  AbortError,
  ApiPromise,
  type ApiResult,
  checkOptions,
  InfraSdkError,
  NotFoundError,
  type RequestOptions,
  validateRequest,
  validateRequestBody,
} from '@infra-sdk/core';
import type { RegistryCore } from '../../core.js';
import { versionPath } from '../../paths.js';
import { uploadBackoffKeys } from '../../uploads/upload-options.js';
import { createVersion } from '../create-version.js';
import { readVersion } from '../read-version.js';
import { releaseVersion } from '../release-version.js';
import type { Version } from '../types.generated.js';
import { type ProviderOutcome, PublishError, type PublishStage } from './publish-error.js';
import { createProgressBoard } from './publish-progress.js';
import { publishProvider, type ReleaseContext } from './publish-provider.js';
import { rateLimitedSteps } from './rate-limited.js';
import {
  PublishSettingsSchema,
  PublishVersionRequestSchema,
  providerLabel,
  publishOptionKeys,
} from './schemas.js';
import type { PublishOptions, PublishSettings, PublishVersionRequest } from './types.generated.js';

/** A released version and how each of its providers was published. */
export interface PublishResult {
  /** The version as the release left it (`active`). */
  readonly version: Version;
  /** Each provider, ready, in the order given. */
  readonly providers: readonly ProviderOutcome[];
}

const DEFAULT_CONCURRENCY = 2;

/**
 * `GET /api/v1/box/:username/:name/version/:version` (`POST .../versions` when missing), then per provider
 * `POST .../providers` (or `PUT .../provider/:provider`), its upload, `PUT` and `GET .../provider/:provider`,
 * and last `PUT .../version/:version/release`: publishes a release in one call, every provider stored and
 * verified before the version is released.
 *
 * Each provider is `{ name, asset, size?, checksum?, checksum_type? }` (a box image to upload, its
 * checksum computed on the way, `sha256` by default, and compared with `checksum` when given) or
 * `{ name, url, checksum?, checksum_type? }`. Either may add `architecture` (`amd64`, `arm64`, ...) and
 * `default_architecture`: one name may then be given once per architecture, each created, uploaded and
 * read through the `/api/v2` paths (`.../provider/:provider/:architecture`). Each is read back and must
 * match; only then is the version released. When anything fails, nothing is released. Options: `concurrency` (images at once, default
 * 2); `onProgress` (one view of the whole release); `attempts` (of each upload at storage, and of each
 * registry call answered 429); `backoff`, `direct`, `directMaxBytes`, `idleTimeout`, `contentType`,
 * `streamBody` as for an upload; the request options for every registry call (`signal` for the uploads
 * too). The box must exist.
 *
 * @example
 * ```ts
 * import { createBox, publishVersion } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * const release = await publishVersion(core, 'myorg/tools', '2.1.0', {
 *   description: 'Kernel 6.8',
 *   providers: [
 *     { name: 'virtualbox', asset: new Blob([new Uint8Array(64 * 1024)]) }, // openBoxFile(path) in Node
 *     { name: 'libvirt', asset: new Uint8Array(32 * 1024), checksum_type: 'sha512' },
 *     { name: 'hyperv', url: 'https://downloads.example.com/tools-2.1.0-hyperv.box' },
 *   ],
 * });
 * console.log(release.version.status, release.providers.map((p) => p.state)); // active [ 'ready', 'ready', 'ready' ]
 *
 * // Several CPU architectures of one provider, in the same call:
 * await publishVersion(core, 'myorg/tools', '2.2.0', {
 *   providers: [
 *     { name: 'virtualbox', architecture: 'amd64', asset: new Uint8Array(64 * 1024), default_architecture: true },
 *     { name: 'virtualbox', architecture: 'arm64', asset: new Uint8Array(64 * 1024) },
 *     { name: 'libvirt', architecture: 'amd64', asset: new Uint8Array(32 * 1024) },
 *   ],
 * });
 * ```
 * @throws {PublishError} when it stopped and released nothing: `stage` is `version` (reading or creating the
 *   version failed, or it is already released), `providers` (one failed: the others were cancelled;
 *   `providers` holds each one's `state` and `error`) or `release`; `cause` is the first failure.
 * @throws {RequestValidationError} before sending, when the request or options break their rules (a bad tag, no provider,
 *   a name given twice (or a name and architecture given twice; a name given twice needs an architecture each
 *   time), both or neither of `asset` and `url`, a checksum that is not its type's digest), or hold a key they
 *   do not have (named with the nearest one, or the place the field belongs).
 * @throws {AbortError} when `signal` aborts, whatever the stage.
 */
export function publishVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  request: PublishVersionRequest,
  options: PublishOptions = {},
): ApiPromise<PublishResult> {
  return new ApiPromise(
    (async (): Promise<ApiResult<PublishResult>> => {
      checkOptions(options, publishOptionKeys, 'publish options');
      checkOptions(options.backoff, uploadBackoffKeys, 'publish backoff');
      const settings = await validateRequest(PublishSettingsSchema, options, 'publish options');
      const { description, providers } = await validateRequestBody(
        PublishVersionRequestSchema,
        request,
        'publish request',
      );
      versionPath(tag, version);
      const outcomes: ProviderOutcome[] = providers.map(({ name, architecture }) => ({
        name,
        architecture,
        state: 'waiting',
        error: undefined,
        upload: undefined,
        provider: undefined,
      }));
      const fail = (stage: PublishStage, cause: unknown) =>
        options.signal?.aborted
          ? new AbortError('Publishing was aborted', { cause: options.signal.reason })
          : new PublishError({ tag, version, stage }, [...outcomes], cause);
      // One failed provider stops the others: a release with a provider missing is no release.
      const stop = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
      const calls: RequestOptions = { ...pickRequestOptions(options), signal };
      const run = rateLimitedSteps(settings, signal, core.clock);

      let existing: Version;
      try {
        existing = await findOrCreateVersion(core, tag, version, description, calls, run);
      } catch (error) {
        throw fail('version', error);
      }
      const board = createProgressBoard(
        providers.map((entry) => ({
          name: entry.name,
          architecture: entry.architecture,
          total: totalOf(entry),
        })),
        settings.onProgress,
      );
      const context: ReleaseContext = {
        core,
        tag,
        version,
        existing: existingLabels(existing),
        run,
        calls,
        uploads: uploadOptions(settings, calls),
        board,
      };
      let firstFailure: unknown;
      await forEachAtMost(
        providers.length,
        settings.concurrency ?? DEFAULT_CONCURRENCY,
        stop.signal,
        async (index) => {
          const entry = providers[index];
          if (entry === undefined) return;
          try {
            const ready = await publishProvider(context, index, entry);
            outcomes[index] = {
              name: entry.name,
              architecture: entry.architecture,
              state: 'ready',
              error: undefined,
              ...ready,
            };
            board.update(index, { state: 'ready' });
          } catch (error) {
            const cancelled = stop.signal.aborted || options.signal?.aborted === true;
            const state = cancelled && AbortError.isInstance(error) ? 'cancelled' : 'failed';
            outcomes[index] = {
              name: entry.name,
              architecture: entry.architecture,
              state,
              error: error instanceof Error ? error : new InfraSdkError(String(error)),
              upload: undefined,
              provider: undefined,
            };
            board.update(index, { state });
            if (state === 'failed' && firstFailure === undefined) {
              firstFailure = error;
              stop.abort();
            }
          }
        },
      );
      if (options.signal?.aborted) throw fail('providers', options.signal.reason);
      if (firstFailure !== undefined) throw fail('providers', firstFailure);
      try {
        const released = await run(() => releaseVersion(core, tag, version, calls).withMeta());
        return { data: { version: released.data, providers: outcomes }, meta: released.meta };
      } catch (error) {
        throw fail('release', error);
      }
    })(),
  );
}

/** The version, created (with its description) when the registry has none of that number. */
async function findOrCreateVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  description: string | undefined,
  calls: RequestOptions,
  run: ReleaseContext['run'],
): Promise<Version> {
  let found: Version;
  try {
    found = await run(() => readVersion(core, tag, version, calls));
  } catch (error) {
    if (!NotFoundError.isInstance(error)) throw error;
    return run(() =>
      createVersion(core, tag, { version, ...(description === undefined ? {} : { description }) }, calls),
    );
  }
  if (found.status === 'active') {
    throw new InfraSdkError(
      `version ${version} of ${tag} is already released; nothing was uploaded. Publish a new version, or revoke this one first`,
    );
  }
  return found;
}

/**
 * The providers the version has, by name (any architecture answers the `/api/v1` paths) and by
 * `name/architecture`.
 */
function existingLabels(version: Version): Set<string> {
  const labels = new Set<string>();
  for (const provider of version.providers) {
    labels.add(provider.name);
    if (provider.architecture !== undefined)
      labels.add(providerLabel({ name: provider.name, architecture: provider.architecture }));
  }
  return labels;
}

/** Runs `work(0 .. count-1)`, at most `limit` at a time, starting no more once `stopped` aborts. */
async function forEachAtMost(
  count: number,
  limit: number,
  stopped: AbortSignal,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count && !stopped.aborted) {
      const index = next;
      next += 1;
      await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** Bytes of a provider's image, when known: 0 for a url, the size of a Blob or bytes, or `size`. */
function totalOf(entry: PublishVersionRequest['providers'][number]): number | undefined {
  const { asset } = entry;
  if (asset === undefined) return 0;
  if (asset instanceof Blob) return asset.size;
  if (asset instanceof Uint8Array || asset instanceof ArrayBuffer) return asset.byteLength;
  return entry.size;
}

/** The request options among the options (every registry call gets them). */
function pickRequestOptions(options: PublishOptions): RequestOptions {
  const { timeout, headers, retry, totalTimeout, validateResponse, token } = options;
  return {
    ...(timeout === undefined ? {} : { timeout }),
    ...(headers === undefined ? {} : { headers }),
    ...(retry === undefined ? {} : { retry }),
    ...(totalTimeout === undefined ? {} : { totalTimeout }),
    ...(validateResponse === undefined ? {} : { validateResponse }),
    ...(token === undefined ? {} : { token }),
  };
}

/** The upload settings every box image shares, with the request options of its registry calls. */
function uploadOptions(settings: PublishSettings, calls: RequestOptions) {
  const { concurrency: _concurrency, onProgress: _progress, ...shared } = settings;
  return { ...calls, ...shared };
}
