// Streaming NDJSON: one JSON value per line, read with bounded memory from a response body.

import { concatBytes } from './bytes.js';
import { AbortError, ConnectionError, ResponseValidationError, TimeoutError } from './errors.js';

/** How `parseNdjson` reads a stream. */
export interface NdjsonOptions {
  /** Longest line accepted, in bytes; default 8 MiB (8 * 1024 * 1024). */
  readonly maxLineBytes?: number;
  /** Milliseconds without any new bytes before the stream fails with TimeoutError; default: no idle limit. */
  readonly idleTimeoutMs?: number;
  /** Aborting ends iteration with AbortError and cancels the body. */
  readonly signal?: AbortSignal;
  /** Parses one line (without its line ending); default `JSON.parse`. */
  readonly parse?: (line: string) => unknown;
  /** Used only in error messages (already redacted by the caller). */
  readonly method?: string;
  /** Used only in error messages (already redacted by the caller). */
  readonly url?: string;
}

const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;
// setTimeout fires at once for delays beyond 2^31 - 1 ms, so a longer idle limit means no limit.
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const LF = 0x0a;
const CR = 0x0d;

interface Session {
  readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly options: NdjsonOptions;
  readonly maxLineBytes: number;
  readonly where: { method?: string; url?: string };
  /** Cancels the body (unless it ended cleanly), detaches from the signal and releases the lock. */
  readonly close: (cancel: boolean, reason?: unknown) => void;
}

/** Parses a newline-delimited JSON body into an async iterable of values, one per non-blank line. */
export function parseNdjson<T = unknown>(
  body: ReadableStream<Uint8Array>,
  options: NdjsonOptions = {},
): AsyncIterableIterator<T> {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  if (!Number.isSafeInteger(maxLineBytes) || maxLineBytes < 1) {
    throw new RangeError(`maxLineBytes must be a positive whole number of bytes, not ${maxLineBytes}`);
  }
  const idle = options.idleTimeoutMs;
  if (idle !== undefined && !(idle > 0)) {
    throw new RangeError(`idleTimeoutMs must be a positive number of milliseconds, not ${idle}`);
  }

  // Taken now, not on the first `next()`, so a locked body fails here and an unstarted iterator
  // can still be cancelled by `return()` or by the signal.
  const reader = body.getReader();
  const { signal } = options;
  // Cancelling settles a pending read at once (done), which is how aborts and timeouts interrupt it.
  const cancel = (reason?: unknown): void => {
    reader.cancel(reason).catch(() => {});
  };
  const onAbort = (): void => cancel(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) cancel(signal.reason);

  let closed = false;
  const close = (cancelBody: boolean, reason?: unknown): void => {
    if (closed) return;
    closed = true;
    signal?.removeEventListener('abort', onAbort);
    if (cancelBody) cancel(reason);
    reader.releaseLock();
  };

  const where: { method?: string; url?: string } = {};
  if (options.method !== undefined) where.method = options.method;
  if (options.url !== undefined) where.url = options.url;

  const values = readValues<T>({ reader, options, maxLineBytes, where, close });
  let started = false;
  const iterator: AsyncIterableIterator<T> = {
    next: () => {
      started = true;
      return values.next();
    },
    return: (value?: unknown) => {
      // A generator that never started skips its `finally`, so release the body here.
      if (!started) close(true);
      started = true;
      return values.return(value as undefined);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

async function* readValues<T>(session: Session): AsyncGenerator<T, undefined, undefined> {
  const { maxLineBytes, where, options } = session;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  // Pieces of the line being read, kept apart and joined once when its newline arrives.
  const pieces: Uint8Array[] = [];
  let pieceBytes = 0;
  let lineNumber = 0;
  let ended = false;
  let failure: unknown;

  const tooLong = (): ResponseValidationError =>
    new ResponseValidationError(
      'line-too-long',
      `Line ${lineNumber + 1} of the NDJSON stream is longer than the limit of ${maxLineBytes} bytes; ` +
        'raise maxLineBytes if the service really sends such lines',
      where,
    );
  const takeLine = (last: Uint8Array): Uint8Array => {
    lineNumber += 1;
    if (pieces.length === 0) return last;
    pieces.push(last);
    const line = concatBytes(pieces, pieceBytes + last.length);
    pieces.length = 0;
    pieceBytes = 0;
    return line;
  };
  const parseText = options.parse ?? JSON.parse;
  const parse = (line: Uint8Array, atEnd: boolean): unknown => {
    try {
      return parseText(decoder.decode(line.at(-1) === CR ? line.subarray(0, -1) : line));
    } catch {
      // The parser's message quotes the line, which may carry secrets: say which line, not what it held.
      throw atEnd
        ? new ResponseValidationError(
            'truncated',
            `The NDJSON stream ended in the middle of line ${lineNumber} (${line.length} bytes); ` +
              'the service or the connection cut the response short',
            where,
          )
        : new ResponseValidationError(
            'invalid-json',
            `Line ${lineNumber} of the NDJSON stream is not valid JSON (${line.length} bytes)`,
            where,
          );
    }
  };

  try {
    for (;;) {
      const chunk = await readChunk(session);
      if (chunk === undefined) break;
      let start = 0;
      for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, start)) {
        if (pieceBytes + newline - start > maxLineBytes) throw tooLong();
        const line = takeLine(chunk.subarray(start, newline));
        start = newline + 1;
        if (isBlank(line)) continue;
        yield parse(line, false) as T;
        throwIfAborted(options.signal);
      }
      if (start < chunk.length) {
        if (pieceBytes + chunk.length - start > maxLineBytes) throw tooLong();
        // Tails are copied so that a short remainder never keeps a whole earlier chunk alive.
        pieces.push(start === 0 ? chunk : chunk.slice(start));
        pieceBytes += chunk.length - start;
      }
    }
    if (pieceBytes > 0) {
      // Without its newline the last line may be whole (the writer omitted the final LF) or cut short.
      const line = takeLine(new Uint8Array(0));
      if (!isBlank(line)) yield parse(line, true) as T;
    }
    ended = true;
    return undefined;
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    session.close(!ended, failure);
  }
}

/** The next chunk, or undefined at the end of the body; aborts, idle timeouts and read errors become errors. */
async function readChunk(session: Session): Promise<Uint8Array | undefined> {
  const { reader, options, where } = session;
  throwIfAborted(options.signal);
  const idle = options.idleTimeoutMs;
  let timeout: TimeoutError | undefined;
  const timer =
    idle !== undefined && idle <= LONGEST_TIMER_MS
      ? setTimeout(() => {
          timeout = new TimeoutError(idle, 'no data arrived', where);
          reader.cancel(timeout).catch(() => {});
        }, idle)
      : undefined;
  let result: ReadableStreamReadResult<Uint8Array> | undefined;
  let readError: unknown;
  try {
    result = await reader.read();
  } catch (error) {
    readError = error;
  } finally {
    clearTimeout(timer);
  }
  // The signal and the timer cancel the body, which looks like an end or an error to the read: they win.
  throwIfAborted(options.signal);
  if (timeout) throw timeout;
  if (result === undefined) {
    throw new ConnectionError(`The NDJSON stream broke off while reading (${describe(readError)})`, {
      ...where,
      cause: readError,
    });
  }
  return result.done ? undefined : result.value;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError('The NDJSON stream was aborted', { cause: signal.reason });
}

/** True for a line of spaces, tabs and carriage returns only (JSON whitespace; LF never occurs in a line). */
function isBlank(line: Uint8Array): boolean {
  for (const byte of line) {
    if (byte !== 0x20 && byte !== 0x09 && byte !== CR) return false;
  }
  return true;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
