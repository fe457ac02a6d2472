// What the request log keeps of a body: short text as text, and for every body its size and SHA-256, so
// a test can check a gigabyte upload without the server holding it (or a string copy of it) in memory.
import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ReplyError } from './reply-error.js';

/** Bodies up to this size that are valid UTF-8 are recorded as text too. */
export const RECORDED_TEXT_LIMIT = 1024 * 1024;

/** The recorded part of a request body. */
export interface BodyRecord {
  body: string;
  bodySize: number;
  bodySha256: string;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Text of a body worth keeping as text, or '' for a large or binary one. */
export function recordableText(bytes: Uint8Array): string {
  if (bytes.byteLength > RECORDED_TEXT_LIMIT) return '';
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return '';
  }
}

/** Fills in the record of a body that was read whole. */
export function recordWholeBody(record: BodyRecord, bytes: Uint8Array): void {
  record.body = recordableText(bytes);
  record.bodySize = bytes.byteLength;
  record.bodySha256 = createHash('sha256').update(bytes).digest('hex');
}

/**
 * Passes a streamed body on while counting and hashing it into `record`; past `maxBytes` it fails with a
 * 413 ReplyError, which the handler's read rejects with. Short text is kept, as for a whole body.
 */
export function recordingStream(record: BodyRecord, maxBytes: number): Transform {
  const hash: Hash = createHash('sha256');
  // Text is only kept while the body is short; past the limit the head is dropped.
  let head: Buffer[] | undefined = [];
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      record.bodySize += chunk.length;
      if (record.bodySize > maxBytes) {
        done(new ReplyError(413, `request body is larger than ${maxBytes} bytes`));
        return;
      }
      hash.update(chunk);
      if (head !== undefined) {
        if (record.bodySize <= RECORDED_TEXT_LIMIT) head.push(chunk);
        else head = undefined;
      }
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      record.bodySha256 = hash.digest('hex');
      if (head !== undefined) record.body = recordableText(Buffer.concat(head));
      done();
    },
  });
}
