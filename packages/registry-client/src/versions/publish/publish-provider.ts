// One provider of a release: its box image uploaded (streamed, with its checksum computed on the way) or
// its url set, then read back from the registry and verified, so that nothing is released on a record
// that does not match what was sent.
import { InfraSdkError, type RequestOptions, ResponseValidationError } from '@infra-sdk/core';
import type { RegistryCore } from '../../core.js';
import type { ChecksumType } from '../../hashing/types.generated.js';
import type { ProviderRef } from '../../paths.js';
import { createProvider } from '../../providers/create-provider.js';
import { readProvider } from '../../providers/read-provider.js';
import type { Provider } from '../../providers/types.generated.js';
import { updateProvider } from '../../providers/update-provider.js';
import type { UploadOptions } from '../../uploads/types.generated.js';
import type { RegistryStep } from '../../uploads/upload-attempt.js';
import { type UploadResult, uploadOpenable } from '../../uploads/upload-box.js';
import { toOpenableSource } from '../../uploads/upload-source.js';
import type { ProgressBoard } from './publish-progress.js';
import { providerLabel } from './schemas.js';
import type { PublishedProvider } from './types.generated.js';

/** What every provider of one release shares. */
export interface ReleaseContext {
  readonly core: RegistryCore;
  readonly tag: string;
  readonly version: string;
  /** Providers the version already has, as `providerLabel` names them (and by name alone). */
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
  const ref = refOf(entry);
  const type: ChecksumType = entry.checksum_type ?? 'sha256';
  board.update(index, { state: 'uploading' });
  if (!context.existing.has(providerLabel(entry))) {
    await run(() => createProvider(core, tag, version, { name, ...architectureFields(entry) }, calls));
  } else if (entry.default_architecture !== undefined) {
    await run(() =>
      updateProvider(core, tag, version, ref, { default_architecture: entry.default_architecture }, calls),
    );
  }
  const upload = await uploadOpenable(
    core,
    tag,
    version,
    ref,
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
  await run(() => updateProvider(core, tag, version, ref, { checksum: digest, checksum_type: type }, calls));
  const provider = await run(() => readProvider(core, tag, version, ref, calls));
  verify(entry, provider, [
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
  const ref = refOf(entry);
  board.update(index, { state: 'verifying' });
  const fields = {
    url,
    ...(checksum === undefined ? {} : { checksum }),
    ...(checksum_type === undefined ? {} : { checksum_type }),
  };
  await run(() =>
    context.existing.has(providerLabel(entry))
      ? updateProvider(
          core,
          tag,
          version,
          ref,
          entry.default_architecture === undefined
            ? fields
            : { ...fields, default_architecture: entry.default_architecture },
          calls,
        )
      : createProvider(core, tag, version, { name, ...fields, ...architectureFields(entry) }, calls),
  );
  const provider = await run(() => readProvider(core, tag, version, ref, calls));
  verify(entry, provider, [
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

/** The provider as its path names it: by name, or `{ name, architecture }` for the `/api/v2` paths. */
function refOf(entry: PublishedProvider): ProviderRef {
  return entry.architecture === undefined
    ? entry.name
    : { name: entry.name, architecture: entry.architecture };
}

/** The architecture fields of a new provider, as given. */
function architectureFields(entry: PublishedProvider) {
  return {
    ...(entry.architecture === undefined ? {} : { architecture: entry.architecture }),
    ...(entry.default_architecture === undefined ? {} : { default_architecture: entry.default_architecture }),
  };
}

/** Fails when the provider read back differs from what was sent (its architecture included). */
function verify(
  entry: PublishedProvider,
  provider: Provider,
  given: readonly (readonly [field: string, found: unknown, expected: unknown])[],
): void {
  const name = providerLabel(entry);
  const checks = [
    ...given,
    ...(entry.architecture === undefined
      ? []
      : ([['architecture', provider.architecture, entry.architecture]] as const)),
    ...(entry.default_architecture === undefined
      ? []
      : ([['default_architecture', provider.default_architecture, entry.default_architecture]] as const)),
  ];
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
