import { RequestValidationError } from '@infra-sdk/core';

/**
 * What an upload reads from. A Blob (a File, or `openAsBlob` of a path in Node), bytes and a function
 * that opens a fresh stream can be read again, so an upload whose address expired starts over; a
 * ReadableStream can be read once only.
 */
export type UploadSource =
  | Blob
  | Uint8Array
  | ArrayBuffer
  | ReadableStream<Uint8Array>
  | (() => ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>);

/** Whether `value` is one of the sources an upload reads from. */
export function isUploadSource(value: unknown): value is UploadSource {
  return (
    value instanceof Blob ||
    value instanceof Uint8Array ||
    value instanceof ArrayBuffer ||
    value instanceof ReadableStream ||
    typeof value === 'function'
  );
}

/** An upload source ready to be opened, once or as often as needed. */
export interface OpenableSource {
  /** Bytes in the source, when known. */
  readonly size: number | undefined;
  /** Whether `open` may be called again after the first stream was used. */
  readonly rereadable: boolean;
  /** A stream from the first byte. */
  open(): Promise<ReadableStream<Uint8Array>>;
  /** Whether `blob` gives the whole source (not for stream and function sources). */
  readonly whole: boolean;
  /** The source as a Blob, for runtimes that cannot send a stream; undefined for a stream source. */
  blob(): Blob | undefined;
}

// Bytes already in memory are handed over in slices of this size, so the pipeline works on small chunks.
const SLICE = 64 * 1024;

function streamBytes(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + SLICE));
      offset += SLICE;
    },
  });
}

/** Makes any supported source openable; `size` is the caller's size for a stream or function source. */
export function toOpenableSource(source: UploadSource, size: number | undefined): OpenableSource {
  if (source instanceof Blob) {
    return {
      size: source.size,
      rereadable: true,
      whole: true,
      open: async () => source.stream(),
      blob: () => source,
    };
  }
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const bytes = source instanceof Uint8Array ? source : new Uint8Array(source);
    return {
      size: bytes.byteLength,
      rereadable: true,
      whole: true,
      open: async () => streamBytes(bytes),
      blob: () => new Blob([bytes as Uint8Array<ArrayBuffer>]),
    };
  }
  if (source instanceof ReadableStream) {
    return { size, rereadable: false, whole: false, open: async () => source, blob: () => undefined };
  }
  if (typeof source === 'function') {
    return { size, rereadable: true, whole: false, open: async () => source(), blob: () => undefined };
  }
  throw new RequestValidationError('upload source', [
    {
      path: 'source',
      message: 'must be a Blob, a Uint8Array, an ArrayBuffer, a ReadableStream or a function that opens one',
    },
  ]);
}
