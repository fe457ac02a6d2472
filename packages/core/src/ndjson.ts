// Streaming NDJSON: one JSON value per line, read with bounded memory from a response body.

import { AbortError, ConnectionError, ResponseValidationError, TimeoutError } from './errors.js';
import { isStackOverflow, nestingDepth } from './json-depth.js';
import { checkOptions, type OptionKeys } from './option-keys.js';

/** How `parseNdjson` reads a stream. */
export interface NdjsonOptions {
  /** Longest line accepted, in bytes of its content (its `\n` or `\r\n` not counted); default 8 MiB (8 * 1024 * 1024). */
  readonly maxLineBytes?: number | undefined;
  /** Milliseconds without any new bytes before the stream fails with TimeoutError; default: no idle limit. */
  readonly idleTimeout?: number | undefined;
  /** Aborting ends iteration with AbortError and cancels the body. */
  readonly signal?: AbortSignal | undefined;
  /** Used only in error messages (already redacted by the caller). */
  readonly method?: string | undefined;
  /** Used only in error messages (already redacted by the caller). */
  readonly url?: string | undefined;
  /**
   * Turns one line (without its line ending) into a value; default `JSON.parse`. A parser that keeps
   * large integers exact goes here. Whatever it throws becomes an `invalid-json` (or `truncated`) error,
   * except running out of stack on a deeply nested line, which is `too-deep`: that line is valid JSON.
   */
  readonly parse?: ((line: string) => unknown) | undefined;
}

const ndjsonOptionKeys = {
  maxLineBytes: 1,
  idleTimeout: 1,
  signal: 1,
  method: 1,
  url: 1,
  parse: 1,
} as const satisfies OptionKeys<NdjsonOptions>;

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

/**
 * Parses a newline-delimited JSON body into an async iterable of values, one per non-blank line.
 * Options: `maxLineBytes` (default 8 MiB), `idleTimeout` (ms without a byte), `signal`, `parse`.
 *
 * @example
 * ```ts
 * import { parseNdjson } from '@infra-sdk/core';
 *
 * const body = new Response('{"Topic":"Job"}\n{"Topic":"Node"}\n').body;
 * if (body !== null) {
 *   for await (const event of parseNdjson<{ Topic: string }>(body, { idleTimeout: 60_000 })) console.log(event.Topic);
 * }
 * ```
 * @throws {ResponseValidationError} for a line that is not JSON (`invalid-json`), is longer than
 *   `maxLineBytes` (`line-too-long`), nests too deep (`too-deep`), or a stream that ends mid-line (`truncated`).
 * @throws {TimeoutError} when no byte arrives for `idleTimeout` ms.
 * @throws {AbortError} when `signal` aborts; {ConnectionError} when the connection breaks.
 * @throws {RequestValidationError} at once, when `options` holds a key that is not an option.
 */
export function parseNdjson<T = unknown>(
  body: ReadableStream<Uint8Array>,
  options: NdjsonOptions = {},
): AsyncIterableIterator<T> {
  checkOptions(options, ndjsonOptionKeys, 'parseNdjson options');
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  if (!Number.isSafeInteger(maxLineBytes) || maxLineBytes < 1) {
    throw new RangeError(`maxLineBytes must be a positive whole number of bytes, not ${maxLineBytes}`);
  }
  const idle = options.idleTimeout;
  if (idle !== undefined && !(idle > 0)) {
    throw new RangeError(`idleTimeout must be a positive number of milliseconds, not ${idle}`);
  }
  if (options.parse !== undefined && typeof options.parse !== 'function') {
    throw new TypeError(`parse must be a function from a line to a value, not ${typeof options.parse}`);
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
  const parseLine = options.parse ?? JSON.parse;
  // One streaming decoder for the whole body: a character split across chunks is held back until its
  // last byte arrives, and each chunk is decoded once instead of once per line.
  const decoder = new TextDecoder('utf-8', { fatal: false });
  // The start of the line being read (text decoded so far) and its length in bytes.
  let pending = '';
  let pendingBytes = 0;
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
  // `bytes` is the line's size with its ending or, where counting it would slow every line down, how to
  // count it; the sizes in messages are of the content, a CR before the LF left out like the LF itself.
  const parse = (line: string, bytes: number | (() => number), atEnd: boolean): unknown => {
    const cr = line.charCodeAt(line.length - 1) === CR;
    const content = cr ? line.slice(0, -1) : line;
    try {
      return parseLine(content);
    } catch (error) {
      if (typeof bytes === 'function') bytes = bytes();
      if (cr) bytes -= 1;
      if (isStackOverflow(error)) {
        throw new ResponseValidationError(
          'too-deep',
          `Line ${lineNumber} of the NDJSON stream nests ${nestingDepth(content)} levels deep, deeper ` +
            'than its parser can follow (the line is valid JSON as far as the splitter knows)',
          where,
        );
      }
      // The parser's message quotes the line, which may carry secrets: say which line, not what it held.
      throw atEnd
        ? new ResponseValidationError(
            'truncated',
            `The NDJSON stream ended in the middle of line ${lineNumber} (${bytes} bytes); ` +
              'the service or the connection cut the response short',
            where,
          )
        : new ResponseValidationError(
            'invalid-json',
            `Line ${lineNumber} of the NDJSON stream is not valid JSON (${bytes} bytes)`,
            where,
          );
    }
  };

  try {
    for (;;) {
      const chunk = await readChunk(session);
      if (chunk === undefined) break;
      const text = decoder.decode(chunk, { stream: true });
      // When no line of this chunk can pass the cap, the lines are found in the text alone: scanning the
      // bytes too costs more than the rest of the split. Their sizes in bytes are counted only for an
      // error message, and the bytes after the last LF carry on as the start of the next line.
      if (pendingBytes + chunk.length <= maxLineBytes) {
        let textStart = 0;
        let ordinal = 0;
        for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', textStart)) {
          const line = pendingBytes === 0 ? text.slice(textStart, end) : pending + text.slice(textStart, end);
          const before = pendingBytes;
          const nth = ordinal;
          lineNumber += 1;
          ordinal += 1;
          pending = '';
          pendingBytes = 0;
          textStart = end + 1;
          if (isBlank(line)) continue;
          yield parse(line, () => before + lineBytesIn(chunk, nth), false) as T;
          throwIfAborted(options.signal);
        }
        pendingBytes += ordinal === 0 ? chunk.length : chunk.length - 1 - chunk.lastIndexOf(LF);
        pending += text.slice(textStart);
        continue;
      }
      // An LF byte is never part of a multi-byte character, so the n-th LF of the bytes is the n-th
      // newline of the text: the bytes give each line's exact size, the text gives its content.
      let byteStart = 0;
      let textStart = 0;
      for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, byteStart)) {
        // A CR before the LF is part of the line's ending, not of its content.
        const cr =
          newline > byteStart
            ? chunk[newline - 1] === CR
            : pendingBytes > 0 && pending.charCodeAt(pending.length - 1) === CR;
        const bytes = pendingBytes + newline - byteStart;
        if (bytes - (cr ? 1 : 0) > maxLineBytes) throw tooLong();
        const end = text.indexOf('\n', textStart);
        const line = pendingBytes === 0 ? text.slice(textStart, end) : pending + text.slice(textStart, end);
        lineNumber += 1;
        pending = '';
        pendingBytes = 0;
        byteStart = newline + 1;
        textStart = end + 1;
        if (isBlank(line)) continue;
        yield parse(line, bytes, false) as T;
        throwIfAborted(options.signal);
      }
      if (byteStart < chunk.length) {
        pendingBytes += chunk.length - byteStart;
        // A CR at the end of the chunk may be the start of the line's ending.
        if (pendingBytes - (chunk[chunk.length - 1] === CR ? 1 : 0) > maxLineBytes) throw tooLong();
        pending += text.slice(textStart);
      }
    }
    // Without its newline the last line may be whole (the writer omitted the final LF) or cut short.
    const last = pending + decoder.decode();
    if (pendingBytes > 0) {
      lineNumber += 1;
      if (!isBlank(last)) yield parse(last, pendingBytes, true) as T;
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

/** Bytes of the `nth` line (from 0) that ends in `chunk`, from the start of the chunk or the LF before it. */
function lineBytesIn(chunk: Uint8Array, nth: number): number {
  let start = 0;
  for (let i = 0; i < nth; i++) start = chunk.indexOf(LF, start) + 1;
  return chunk.indexOf(LF, start) - start;
}

/** The next chunk, or undefined at the end of the body; aborts, idle timeouts and read errors become errors. */
async function readChunk(session: Session): Promise<Uint8Array | undefined> {
  const { reader, options, where } = session;
  throwIfAborted(options.signal);
  const idle = options.idleTimeout;
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
function isBlank(line: string): boolean {
  // Stops at the first other character, which for a JSON line is its first one.
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09 && code !== CR) return false;
  }
  return true;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
