// A box file as an upload source: read piece by piece, one piece each time the request asks for more,
// so memory stays at the pieces in flight (and the garbage they leave, which V8 collects in bounds).
import { open } from 'node:fs/promises';
import type { OpenableSource } from '../uploads/upload-source.js';

// The meter's chunk size. Larger pieces raised peak memory through Node's fetch from about 55 MB to
// 75–170 MB for a 1 GiB file (bench/cases/transfer.mjs).
const PIECE = 64 * 1024;

/** Reads `path` from its first byte, one piece each time the consumer asks. */
export function readFileStream(path: string): ReadableStream<Uint8Array> {
  let file: Awaited<ReturnType<typeof open>> | undefined;
  const close = async () => {
    const opened = file;
    file = undefined;
    await opened?.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          file ??= await open(path, 'r');
          // Not zero-filled: every byte is overwritten by the read, and only the bytes read go on.
          const piece = new Uint8Array(Buffer.allocUnsafeSlow(PIECE).buffer, 0, PIECE);
          const { bytesRead } = await file.read(piece, 0, PIECE, null);
          if (bytesRead === 0) {
            await close();
            controller.close();
          } else {
            controller.enqueue(bytesRead === PIECE ? piece : piece.subarray(0, bytesRead));
          }
        } catch (error) {
          await close().catch(() => undefined);
          controller.error(error);
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}

/** A box file as an openable upload source; `blob` is the same file, for a runtime that sends Blobs. */
export function fileSource(path: string, blob: Blob): OpenableSource {
  return {
    size: blob.size,
    rereadable: true,
    whole: true,
    open: async () => readFileStream(path),
    blob: () => blob,
  };
}
