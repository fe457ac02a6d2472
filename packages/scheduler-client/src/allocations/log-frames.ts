// The service's framed stream (`plain=false` on the file system endpoints): JSON objects one after
// another, with or without white space between them. Each is split off by its braces (strings and
// escapes respected) as the bytes arrive, so a frame cut anywhere across chunks decodes the same, and
// one that grows past `maxFrameBytes` ends the stream instead of the memory.

import { ResponseValidationError } from '@infra-sdk/core';
import * as v from 'valibot';
import type { StreamFrame } from './types.generated.js';

/** One frame of a log or file stream. */
export const StreamFrameSchema = v.looseObject({
  /** The file the data is from, e.g. `alloc/logs/web.stdout.0`. */
  File: v.optional(v.string()),
  /** The file's offset at the end of `Data`. */
  Offset: v.optional(v.number()),
  /** The bytes, base64. */
  Data: v.optional(v.string()),
  /** What happened to the file (`file deleted`, `file truncated`), on frames without data. */
  FileEvent: v.optional(v.string()),
});

/** Where a stream came from, for its errors. */
export interface FrameSource {
  readonly method?: string;
  readonly url?: string;
}

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x2c;
}

function tooLong(maxFrameBytes: number, source: FrameSource): ResponseValidationError {
  return new ResponseValidationError(
    'line-too-long',
    `A frame of the stream is longer than ${maxFrameBytes} bytes (maxFrameBytes)`,
    source,
  );
}

/** The frames of `body`, heartbeats (`{}`) included, in order. */
export async function* readFrames(
  body: ReadableStream<Uint8Array>,
  maxFrameBytes: number,
  source: FrameSource,
): AsyncGenerator<StreamFrame, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending: Uint8Array = new Uint8Array(0);
  // Scanner state over `pending`: where the frame in progress starts and how far it was read.
  let start = -1;
  let scanned = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const joined = new Uint8Array(pending.length + value.length);
      joined.set(pending);
      joined.set(value, pending.length);
      pending = joined;
      for (; scanned < pending.length; scanned++) {
        const byte = pending[scanned] as number;
        if (start < 0) {
          if (isSpace(byte)) continue;
          if (byte !== OPEN) {
            throw new ResponseValidationError(
              'schema',
              'The framed stream holds something else than a JSON object',
              source,
            );
          }
          start = scanned;
          depth = 1;
          continue;
        }
        if (scanned - start >= maxFrameBytes) throw tooLong(maxFrameBytes, source);
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
          continue;
        }
        if (byte === QUOTE) inString = true;
        else if (byte === OPEN) depth += 1;
        else if (byte === CLOSE && --depth === 0) {
          const text = decoder.decode(pending.subarray(start, scanned + 1));
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch (cause) {
            throw new ResponseValidationError('invalid-json', 'A frame of the stream is not JSON', {
              ...source,
              cause,
            });
          }
          const frame = v.safeParse(StreamFrameSchema, parsed);
          if (!frame.success) {
            throw new ResponseValidationError(
              'schema',
              'A frame of the stream does not have the expected shape',
              {
                ...source,
                issues: frame.issues.map((issue) => ({
                  path: (issue.path ?? []).map((item) => String(item.key)).join('.'),
                  message: issue.message,
                })),
              },
            );
          }
          yield frame.output;
          start = -1;
        }
      }
      // Keep only the frame in progress.
      const keepFrom = start < 0 ? pending.length : start;
      pending = pending.subarray(keepFrom);
      scanned -= keepFrom;
      if (start >= 0) start = 0;
    }
    if (start >= 0) {
      throw new ResponseValidationError('invalid-json', 'The stream ended inside a frame', source);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
