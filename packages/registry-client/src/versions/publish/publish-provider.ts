// One provider of a release: its box image uploaded (streamed, with its checksum computed on the way) or
// its url set, then read back from the registry and verified, so that nothing is released on a record
// that does not match what was sent.
import { InfraSdkError, type RequestOptions, ResponseValidationError } from '@infra-sdk/core';
import type { RegistryCore } from '../../core.js';
import type { ChecksumType } from '../../hashing/checksum-type.js';
import { createProvider } from '../../providers/create-provider.js';
import { readProvider } from '../../providers/read-provider.js';
import type { Provider } from '../../providers/schemas.js';
import { updateProvider } from '../../providers/update-provider.js';
import type { RegistryStep } from '../../uploads/upload-attempt.js';
import { type UploadResult, uploadOpenable } from '../../uploads/upload-box.js';
import type { UploadOptions } from '../../uploads/upload-options.js';
import { toOpenableSource } from '../../uploads/upload-source.js';
import type { ProgressBoard } from './publish-progress.js';
import type { PublishedProvider } from './schemas.js';

/** What every provider of one release shares. */
export interface ReleaseContext {
  readonly core: RegistryCore;
  readonly tag: string;
  readonly version: string;
  /** Names of the providers the version already has. */
  readonly existing: ReadonlySet<string>;
  /** Runs each registry call, waiting out a 429. */
  readonly run: RegistryStep;
  /** The request options of every registry call (the release's signal). */
  readonly calls: RequestOptions;
  /** The upload settings every box image shares. */
  readonly uploads: UploadOptions;
  readonly board: ProgressBoard;
}

/** A provider stored and verified. */
export interface ReadyProvider {
  readonly upload: UploadResult | undefined;
  readonly provider: Provider;
}

/** Uploads (or points at its url) and verifies provider `index`. */
export async function publishProvider(
  context: ReleaseContext,
  index: number,
  entry: PublishedProvider,
): Promise<ReadyProvider> {
  return entry.asset === undefined
    ? { upload: undefined, provider: await pointAtUrl(context, index, entry) }
    : uploadImage(context, index, entry);
}

async function uploadImage(
  context: ReleaseContext,
  index: number,
  entry: PublishedProvider,
): Promise<ReadyProvider> {
  const { core, tag, version, run, calls, board } = context;
  const { name, asset } = entry;
  const type: ChecksumType = entry.checksum_type ?? 'sha256';
  board.update(index, { state: 'uploading' });
  if (!context.existing.has(name)) await run(() => createProvider(core, tag, version, { name }, calls));
  const upload = await uploadOpenable(
    core,
    tag,
    version,
    name,
    (size) => toOpenableSource(asset ?? new Uint8Array(0), size),
    {
      ...context.uploads,
      size: entry.size,
      checksum: type,
      onProgress: ({ loaded, total, attempt }) =>
        board.update(index, { state: 'uploading', loaded, total, attempt }),
      onRetry: ({ attempt }) => board.update(index, { state: 'retrying', loaded: 0, attempt }),
    },
    { run, setChecksum: false },
  );
  board.update(index, { state: 'verifying' });
  const digest = upload.checksum ?? '';
  if (entry.checksum !== undefined && entry.checksum.toLowerCase() !== digest) {
    throw new InfraSdkError(
      `The box image uploaded for ${name} has ${type} ${digest}, not the ${entry.checksum.toLowerCase()} given: ` +
        'it is not the image you meant to publish. Its checksum was not set',
    );
  }
  await run(() => updateProvider(core, tag, version, name, { checksum: digest, checksum_type: type }, calls));
  const provider = await run(() => readProvider(core, tag, version, name, calls));
  verify(name, [
    ['hosted', provider.hosted, true],
    ['checksum', provider.checksum?.toLowerCase(), digest],
    ['checksum_type', provider.checksum_type, type],
  ]);
  return { upload, provider };
}

async function pointAtUrl(
  context: ReleaseContext,
  index: number,
  entry: PublishedProvider,
): Promise<Provider> {
  const { core, tag, version, run, calls, board } = context;
  const { name, url = '', checksum, checksum_type } = entry;
  board.update(index, { state: 'verifying' });
  const fields = {
    url,
    ...(checksum === undefined ? {} : { checksum }),
    ...(checksum_type === undefined ? {} : { checksum_type }),
  };
  await run(() =>
    context.existing.has(name)
      ? updateProvider(core, tag, version, name, fields, calls)
      : createProvider(core, tag, version, { name, ...fields }, calls),
  );
  const provider = await run(() => readProvider(core, tag, version, name, calls));
  verify(name, [
    ['original_url', provider.original_url, url],
    ...(checksum === undefined
      ? []
      : ([
          ['checksum', provider.checksum?.toLowerCase(), checksum.toLowerCase()],
          ['checksum_type', provider.checksum_type, checksum_type],
        ] as const)),
  ]);
  return provider;
}

/** Fails when the provider read back differs from what was sent. */
function verify(
  name: string,
  checks: readonly (readonly [field: string, found: unknown, expected: unknown])[],
): void {
  const issues = checks
    .filter(([, found, expected]) => found !== expected)
    .map(([field, found, expected]) => ({
      path: field,
      message: `is ${JSON.stringify(found ?? null)}, expected ${JSON.stringify(expected)}`,
    }));
  if (issues.length === 0) return;
  throw new ResponseValidationError(
    'schema',
    `The registry's record of provider ${name} does not match what was sent (${issues
      .map((issue) => `${issue.path} ${issue.message}`)
      .join('; ')}); it was not released`,
    { issues },
  );
}
