// A framed stream of the client file system (a task's log, a file) as byte chunks, lines or text. Each
// chunk carries the file's offset after it, and the stream where it stands, so a later call with
// `origin: 'start'` and that offset resumes it: nothing lost, nothing twice.
import type { RequestOptions } from '@infra-sdk/core';
import { decodeBase64 } from '../base64.js';
import type { SchedulerCore } from '../core.js';
import { readFrames } from './log-frames.js';

/** Bytes of a log or file, as one frame brought them. */
export interface LogChunk {
  /** The bytes. */
  readonly data: Uint8Array;
  /** The file they are from, e.g. `alloc/logs/web.stdout.0`. */
  readonly file: string;
  /** The file's offset at the end of `data`: resume after it with `{ origin: 'start', offset }`. */
  readonly offset: number;
}

/** One line of a log or file, without its line break. */
export interface LogLine {
  /** The text, decoded as UTF-8. */
  readonly text: string;
  /** The file the line is from. */
  readonly file: string;
  /** The file's offset at the end of the line (after its line break): resume after it with it. */
  readonly offset: number;
}

/** A log or file stream: iterate it for byte chunks, or call `lines()` or `text()`; one reading per stream. */
export interface LogStream extends AsyncIterable<LogChunk> {
  /** The stream line by line; a last line without a line break comes when the stream ends. */
  lines(): AsyncIterable<LogLine>;
  /** The whole stream as text (for one that is not followed). */
  text(): Promise<string>;
  /** The file's offset after what was delivered so far; undefined before the first bytes. */
  readonly offset: number | undefined;
}

/** How one framed stream is opened and read. */
export interface FramedRequest {
  /** Checks the call's options and describes the request; runs when the reading starts. */
  readonly describe: () => { readonly path: string; readonly query: Record<string, unknown> };
  /** The per-call options (signal, timeout, headers, token, ...). */
  readonly call: RequestOptions;
  /** Largest frame accepted, in bytes. */
  readonly maxFrameBytes: number;
  /** Longest line `lines()` delivers whole, in bytes. */
  readonly maxLineBytes: number;
  /** What a second reading is told to call instead. */
  readonly again: string;
}

/** A framed stream: chunks, lines and text from one request, sent when the reading starts. */
export function framedStream(core: SchedulerCore, request: FramedRequest): LogStream {
  let position: number | undefined;
  let used = false;

  async function* chunks(): AsyncGenerator<LogChunk, void, undefined> {
    if (used) throw new TypeError(`A stream is read once; call ${request.again} again to read it again`);
    used = true;
    const { path, query } = request.describe();
    const signal = request.call.signal;
    let body: ReadableStream<Uint8Array>;
    try {
      body = await core.transport.request<ReadableStream<Uint8Array>>(
        { method: 'GET', path, query: { ...query, plain: false } as never, responseType: 'stream' },
        request.call,
      );
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
    try {
      for await (const frame of readFrames(body, request.maxFrameBytes, { method: 'GET', url: path })) {
        if (frame.Data === undefined || frame.Data === '') continue;
        const data = decodeBase64(frame.Data);
        const end = frame.Offset ?? (position ?? 0) + data.length;
        position = end;
        yield { data, file: frame.File ?? '', offset: end };
      }
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
  }

  async function* lines(): AsyncGenerator<LogLine, void, undefined> {
    const limit = request.maxLineBytes;
    const decoder = new TextDecoder();
    let pending = new Uint8Array(0);
    let file = '';
    let end = 0;
    for await (const chunk of chunks()) {
      file = chunk.file;
      const joined = new Uint8Array(pending.length + chunk.data.length);
      joined.set(pending);
      joined.set(chunk.data, pending.length);
      // The offset at the start of `joined`: what the chunk ends at, less all it holds.
      const base = chunk.offset - joined.length;
      let from = 0;
      for (let at = 0; at < joined.length; at++) {
        const lineBreak = joined[at] === 0x0a;
        // A line longer than the limit comes in pieces of the limit's size.
        if (lineBreak || at + 1 - from === limit) {
          const stop = lineBreak ? at : at + 1;
          yield { text: decoder.decode(joined.subarray(from, stop)), file, offset: base + at + 1 };
          from = at + 1;
        }
      }
      pending = joined.subarray(from);
      end = chunk.offset;
    }
    if (pending.length > 0) yield { text: decoder.decode(pending), file, offset: end };
  }

  return {
    [Symbol.asyncIterator]: () => chunks(),
    lines,
    async text() {
      const decoder = new TextDecoder();
      let text = '';
      for await (const chunk of chunks()) text += decoder.decode(chunk.data, { stream: true });
      return text + decoder.decode();
    },
    get offset() {
      return position;
    },
  };
}
