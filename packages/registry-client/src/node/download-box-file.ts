import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { ApiPromise, type ApiResult } from '@infra-sdk/core';
import { type BoxDownload, downloadBox } from '../downloads/download-box.js';
import type { DownloadOptions } from '../downloads/types.generated.js';
import type { ProviderRef } from '../paths.js';
import { coreOf, type RegistryHandle } from './registry-handle.js';

/** A box saved to a file. */
export interface SavedBox {
  /** Where the box was written. */
  readonly path: string;
  /** Size of the file, in bytes. */
  readonly bytes: number;
  /** The checksum that was verified, or undefined when none was. */
  readonly checksum: BoxDownload['checksum'];
}

/**
 * Writes a download started with `uploads.download` to `path`: first to `<path>.partial`, renamed once
 * every byte arrived and the checksum matched; on any failure the partial file is removed and nothing is
 * left at `path`.
 *
 * @example
 * ```ts
 * import { mkdtemp } from 'node:fs/promises';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { saveBoxDownload } from '@infra-sdk/registry-client/node';
 *
 * await registry.boxes.create({ username: 'myorg', name: 'tools', is_private: false }); // public: anyone may download
 * await registry.versions.create('myorg/tools', { version: '1.0.0' });
 * await registry.providers.create('myorg/tools', '1.0.0', { name: 'virtualbox' });
 * await registry.uploads.upload('myorg/tools', '1.0.0', 'virtualbox', new Uint8Array(4096), { checksum: 'sha256' });
 * await registry.versions.release('myorg/tools', '1.0.0');
 * const download = await registry.uploads.download('myorg/tools', '1.0.0', 'virtualbox');
 * const dir = await mkdtemp(join(tmpdir(), 'box-'));
 * const saved = await saveBoxDownload(download, join(dir, 'tools.box'));
 * console.log(saved.bytes); // 4096
 * ```
 * @throws {ResponseValidationError} when the checksum does not match (issue path `checksum`); no file is left.
 * @throws {TimeoutError} when no chunk comes for the download's `idleTimeout` ms.
 * @throws {ConnectionError} when the connection breaks mid-transfer.
 * @throws {Error} from the file system (Node's own, with its `code`) when `path` cannot be written.
 */
export function saveBoxDownload(download: BoxDownload, path: string): Promise<SavedBox> {
  return writeDownload(download, path);
}

// Chunks are written in batches of this many bytes: a TLS socket hands over 16 KiB at a time, and one
// write per chunk made a download over https take longer to write than to receive.
const WRITE_BYTES = 256 * 1024;

/**
 * Writes the body in batches of up to 256 KiB, one batch on its way to the disk while the next arrives,
 * and reads no further while two are in hand (backpressure down to the socket).
 */
async function writeDownload(download: BoxDownload, path: string): Promise<SavedBox> {
  const partial = `${path}.partial`;
  let bytes = 0;
  const reader = download.body.getReader();
  try {
    const file = await open(partial, 'w');
    let batch: Uint8Array[] = [];
    let batched = 0;
    let writing: Promise<void> | undefined;
    const write = async (chunks: Uint8Array[], total: number) => {
      await writing;
      writing = writeAll(file, chunks, total);
      // Awaited before the next batch or the end; a failure in between is not left unhandled.
      writing.catch(() => undefined);
    };
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        batch.push(next.value);
        batched += next.value.byteLength;
        bytes += next.value.byteLength;
        if (batched >= WRITE_BYTES) {
          await write(batch, batched);
          batch = [];
          batched = 0;
        }
      }
      if (batched > 0) await write(batch, batched);
      await writing;
    } finally {
      await writing?.catch(() => undefined);
      await file.close();
    }
    await rename(partial, path);
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
  return { path, bytes, checksum: download.checksum };
}

/** Writes `chunks` (`total` bytes) at the file's position: one `writev`, then piece by piece after a short write (exported for its test). */
export async function writeAll(
  file: FileHandle,
  chunks: readonly Uint8Array[],
  total: number,
): Promise<void> {
  let skip = (await file.writev(chunks)).bytesWritten;
  if (skip === total) return;
  for (const chunk of chunks) {
    for (let at = Math.min(skip, chunk.byteLength); at < chunk.byteLength; ) {
      at += (await file.write(chunk, at, chunk.byteLength - at)).bytesWritten;
    }
    skip = Math.max(0, skip - chunk.byteLength);
  }
}

/**
 * `GET /api/v1/box/:username/:name/version/:version/provider/:provider`, then `GET {download_url}`:
 * downloads a box into a file, verifying its checksum on the way.
 *
 * Writes `<path>.partial` and renames it to `path` once every byte arrived and the checksum matched; on
 * any failure nothing is left behind. Takes a client or a core, and the options of `uploads.download`
 * (`verify`, `checksum`, `onProgress`, `idleTimeout`).
 *
 * @example
 * ```ts
 * import { mkdtemp } from 'node:fs/promises';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { downloadBoxFile } from '@infra-sdk/registry-client/node';
 *
 * await registry.boxes.create({ username: 'myorg', name: 'tools', is_private: false }); // public: anyone may download
 * await registry.versions.create('myorg/tools', { version: '1.0.0' });
 * await registry.providers.create('myorg/tools', '1.0.0', { name: 'virtualbox' });
 * await registry.uploads.upload('myorg/tools', '1.0.0', 'virtualbox', new Uint8Array(4096), { checksum: 'sha256' });
 * await registry.versions.release('myorg/tools', '1.0.0');
 * const path = join(await mkdtemp(join(tmpdir(), 'box-')), 'tools.box');
 * const saved = await downloadBoxFile(registry, 'myorg/tools', '1.0.0', 'virtualbox', path);
 * console.log(saved.bytes, saved.checksum?.type); // 4096 sha256
 * ```
 * @throws {ResponseValidationError} when the checksum does not match (issue path `checksum`); no file is left.
 * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not
 *   exist, or the provider has neither a box image nor a url.
 * @throws {InfraSdkError} when the provider's checksum type is not one the client can compute (`verify: false`).
 * @throws {TimeoutError} when the headers do not come within `timeout`, or no chunk for `idleTimeout` ms.
 * @throws {RequestValidationError} before sending, for an invalid option, tag, version or provider.
 * @throws {Error} from the file system (Node's own, with its `code`) when `path` cannot be written.
 */
export function downloadBoxFile(
  registry: RegistryHandle,
  tag: string,
  version: string,
  provider: ProviderRef,
  path: string,
  options?: DownloadOptions,
): ApiPromise<SavedBox> {
  return new ApiPromise(
    (async (): Promise<ApiResult<SavedBox>> => {
      const { data, meta } = await downloadBox(coreOf(registry), tag, version, provider, options).withMeta();
      return { data: await writeDownload(data, path), meta };
    })(),
  );
}
