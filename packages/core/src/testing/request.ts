import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { ReplyError } from './reply-error.js';
import type { HeaderRecord, TestRequest } from './types.js';

/** Splits a request target into its raw path and its query. */
export function splitTarget(target: string): { path: string; search: string } {
  const mark = target.indexOf('?');
  return mark === -1
    ? { path: target, search: '' }
    : { path: target.slice(0, mark), search: target.slice(mark + 1) };
}

/** Collects raw header pairs under lower-case names, joining repeats with ", ". */
export function headerRecord(rawHeaders: readonly string[]): Record<string, string> {
  const headers = new Map<string, string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    const value = rawHeaders[i + 1] ?? '';
    const previous = headers.get(name);
    headers.set(name, previous === undefined ? value : `${previous}, ${value}`);
  }
  // fromEntries rather than assignment, so a header called __proto__ stays a plain key.
  return Object.fromEntries(headers);
}

/**
 * Reads the whole body; `bytes` is undefined when it exceeds `maxBytes` (the rest is drained so the client
 * can read a reply), and `size` counts every byte that arrived.
 */
export async function readBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{ bytes: Buffer | undefined; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size <= maxBytes) chunks.push(buffer);
    else chunks.length = 0;
  }
  return { bytes: size <= maxBytes ? Buffer.concat(chunks, size) : undefined, size };
}

/** What the server knows about a request once its body is read. */
export interface ReceivedRequestInit {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly headers: HeaderRecord;
  readonly body: Buffer;
  /** The unread body, for a route that streams it. */
  readonly stream?: Readable;
  readonly params: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
}

/** The `TestRequest` given to hooks and handlers. */
export class ReceivedRequest implements TestRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: HeaderRecord;
  readonly text: string;
  readonly bytes: Uint8Array;
  readonly stream: Readable | undefined;
  readonly signal: AbortSignal;

  constructor(init: ReceivedRequestInit) {
    this.method = init.method;
    this.path = init.path;
    this.params = init.params;
    this.query = new URLSearchParams(init.search);
    this.headers = init.headers;
    this.text = init.body.toString('utf8');
    // A copy: small buffers share node's pool, which a view would expose through `.buffer`.
    this.bytes = new Uint8Array(init.body);
    this.stream = init.stream;
    this.signal = init.signal;
  }

  header(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  json<T = unknown>(): T {
    try {
      return JSON.parse(this.text) as T;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ReplyError(400, `request body of ${this.method} ${this.path} is not valid JSON: ${reason}`);
    }
  }
}
