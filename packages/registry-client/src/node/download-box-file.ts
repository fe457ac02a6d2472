import { open, rename, rm } from 'node:fs/promises';
import { ApiPromise, type ApiResult } from '@infra-sdk/core';
import { type BoxDownload, downloadBox } from '../downloads/download-box.js';
import type { DownloadOptions } from '../downloads/download-options.js';
import { coreOf, type RegistryHandle } from './registry-handle.js';
import { releaseWritten } from './release.js';

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
 * Writes a download to `path`: first to `<path>.partial`, renamed once every byte arrived and the
 * checksum matched; on any failure the partial file is removed and nothing is left at `path`.
 */
export function saveBoxDownload(download: BoxDownload, path: string): Promise<SavedBox> {
  return writeDownload(download, path, false);
}

/**
 * Writes the body chunk by chunk, reading the next once the last is written (backpressure down to the
 * socket). `release` frees each written chunk the client itself received: only when nothing else can
 * hold the body, as in `downloadBoxFile`.
 */
async function writeDownload(download: BoxDownload, path: string, release: boolean): Promise<SavedBox> {
  const partial = `${path}.partial`;
  let bytes = 0;
  const reader = download.body.getReader();
  try {
    const file = await open(partial, 'w');
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const chunk = next.value;
        for (let at = 0; at < chunk.byteLength; ) {
          at += (await file.write(chunk, at, chunk.byteLength - at)).bytesWritten;
        }
        bytes += chunk.byteLength;
        if (release) releaseWritten(chunk);
      }
    } finally {
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

/** GET .../provider/:provider, then GET {download_url} — downloads a box into a file, verifying its checksum. */
export function downloadBoxFile(
  registry: RegistryHandle,
  tag: string,
  version: string,
  provider: string,
  path: string,
  options?: DownloadOptions,
): ApiPromise<SavedBox> {
  return new ApiPromise(
    (async (): Promise<ApiResult<SavedBox>> => {
      const { data, meta } = await downloadBox(coreOf(registry), tag, version, provider, options).withMeta();
      return { data: await writeDownload(data, path, true), meta };
    })(),
  );
}
