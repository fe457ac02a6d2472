import { type FileHandle, open, rename, rm } from 'node:fs/promises';
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
      return { data: await writeDownload(data, path), meta };
    })(),
  );
}
