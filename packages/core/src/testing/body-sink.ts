import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { constants, createGzip } from 'node:zlib';

/** Where a streamed body goes: straight to the response, or through gzip. */
export interface BodySink {
  /** Resolves true once the chunk is handed on, false if the client is gone. */
  write(chunk: string | Uint8Array): Promise<boolean>;
  /** Ends the body; resolves when the response finished or the client is gone. */
  end(): Promise<void>;
}

/** Writes one chunk and waits for it, or for the client to leave. */
export function writeChunk(
  stream: Writable,
  chunk: string | Uint8Array,
  signal: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted || stream.destroyed) {
      resolve(false);
      return;
    }
    const onAbort = (): void => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    stream.write(chunk, (error) => {
      signal.removeEventListener('abort', onAbort);
      resolve(!error);
    });
  });
}

function whenFinished(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.writableFinished || res.destroyed) {
      resolve();
      return;
    }
    res.once('finish', () => resolve());
    res.once('close', () => resolve());
  });
}

/** Opens a sink on a response whose head is already written. */
export function openSink(res: ServerResponse, signal: AbortSignal, gzip: boolean): BodySink {
  if (!gzip) {
    return {
      write: (chunk) => writeChunk(res, chunk, signal),
      end: () => {
        const done = whenFinished(res);
        res.end();
        return done;
      },
    };
  }
  // Sync-flush every write so each line reaches the client at once instead of waiting for a full block.
  const zip = createGzip({ flush: constants.Z_SYNC_FLUSH });
  zip.on('error', () => res.destroy());
  zip.pipe(res);
  signal.addEventListener('abort', () => zip.destroy(), { once: true });
  return {
    write: (chunk) => writeChunk(zip, chunk, signal),
    end: () => {
      const done = whenFinished(res);
      zip.end();
      return done;
    },
  };
}
