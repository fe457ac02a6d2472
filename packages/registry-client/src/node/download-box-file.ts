import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ApiPromise, type ApiResult } from '@infra-sdk/core';
import { type BoxDownload, downloadBox } from '../downloads/download-box.js';
import type { DownloadOptions } from '../downloads/download-options.js';
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
 * Writes a download to `path`: first to `<path>.partial`, renamed once every byte arrived and the
 * checksum matched; on any failure the partial file is removed and nothing is left at `path`.
 */
export async function saveBoxDownload(download: BoxDownload, path: string): Promise<SavedBox> {
  const partial = `${path}.partial`;
  let bytes = 0;
  const counted = download.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    await pipeline(Readable.fromWeb(counted as NodeReadableStream<Uint8Array>), createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
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
      return { data: await saveBoxDownload(data, path), meta };
    })(),
  );
}
