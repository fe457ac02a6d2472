import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { checkOptions, type OptionKeys } from '../option-keys.js';
import { openSink, writeChunk } from './body-sink.js';
import { forEachValue } from './iterate.js';
import { sleep } from './sleep.js';
import type {
  ChunkedOptions,
  HeaderRecord,
  NdjsonOptions,
  ResetAfterOptions,
  TestResponse,
} from './types.js';

/** What a reply needs to know about its server and request. */
export interface ReplyContext {
  /** The server gzips JSON and text replies. */
  readonly gzip: boolean;
  /** The request accepts gzip. */
  readonly acceptsGzip: boolean;
  /** Aborts when the client goes away before the reply is complete. */
  readonly signal: AbortSignal;
}

/** Extra bytes declared by `resetAfter`, so the client always waits for more than ever arrives. */
const MISSING_BYTES = 1024;

function lowerCased(headers: HeaderRecord | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** The `TestResponse` given to hooks and handlers. */
export class TestReply implements TestResponse {
  readonly raw: ServerResponse;
  readonly #context: ReplyContext;
  readonly #pending: Record<string, string> = {};
  #replied = false;

  constructor(raw: ServerResponse, context: ReplyContext) {
    this.raw = raw;
    this.#context = context;
  }

  get replied(): boolean {
    return this.#replied;
  }

  header(name: string, value: string): this {
    if (this.#replied) throw new Error(`header("${name}") came after the reply was sent`);
    this.#pending[name.toLowerCase()] = value;
    return this;
  }

  json(status: number, body: unknown, headers?: HeaderRecord): void {
    // JSON.stringify gives undefined for undefined or a function; send null rather than an empty body.
    const text: string | undefined = JSON.stringify(body);
    this.#sendWhole(status, Buffer.from(text ?? 'null', 'utf8'), 'application/json', headers);
  }

  text(status: number, text: string, headers?: HeaderRecord): void {
    this.#sendWhole(status, Buffer.from(text, 'utf8'), 'text/plain; charset=utf-8', headers);
  }

  empty(status = 204, headers?: HeaderRecord): void {
    const head = this.#claimHead(undefined, headers);
    if (status >= 200 && status !== 204 && status !== 304) head['content-length'] = '0';
    this.raw.writeHead(status, head);
    this.raw.end();
  }

  async ndjson(
    status: number,
    values: Iterable<unknown> | AsyncIterable<unknown>,
    options: NdjsonOptions = {},
  ): Promise<void> {
    checkOptions(
      options,
      { headers: 1, lineEnding: 1 } satisfies OptionKeys<NdjsonOptions>,
      'ndjson options',
    );
    const head = this.#claimHead('application/x-ndjson', options.headers);
    const ending = options.lineEnding ?? '\n';
    await this.#stream(status, head, this.#negotiateGzip(head), values, async (value) => {
      const line: string | undefined = JSON.stringify(value);
      return `${line ?? 'null'}${ending}`;
    });
  }

  async chunked(
    status: number,
    chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
    options: ChunkedOptions = {},
  ): Promise<void> {
    checkOptions(options, { headers: 1, delayMs: 1 } satisfies OptionKeys<ChunkedOptions>, 'chunked options');
    const head = this.#claimHead('application/octet-stream', options.headers);
    const delayMs = options.delayMs ?? 0;
    const signal = this.#context.signal;
    await this.#stream(status, head, false, chunks, async (chunk, index) => {
      if (index > 0 && delayMs > 0) await sleep(delayMs, signal);
      return chunk;
    });
  }

  async resetAfter(partialBody: string | Uint8Array, options: ResetAfterOptions = {}): Promise<void> {
    checkOptions(
      options,
      { status: 1, headers: 1, framing: 1 } satisfies OptionKeys<ResetAfterOptions>,
      'resetAfter options',
    );
    const head = this.#claimHead('application/json', options.headers);
    const body = typeof partialBody === 'string' ? Buffer.from(partialBody, 'utf8') : partialBody;
    // Without a Content-Length node frames the body as chunked, and the missing last chunk is the cut.
    if (options.framing !== 'chunked') head['content-length'] = String(body.byteLength + MISSING_BYTES);
    else delete head['content-length'];
    this.raw.writeHead(options.status ?? 200, head);
    // Wait until the head and the partial body left, so the client surely sees them before the drop.
    await writeChunk(this.raw, body, this.#context.signal);
    this.raw.destroy();
  }

  destroy(): void {
    this.#claim();
    this.raw.destroy();
  }

  hang(): void {
    this.#claim();
  }

  #claim(): void {
    if (this.#replied) throw new Error('this request was already answered');
    this.#replied = true;
  }

  #claimHead(contentType: string | undefined, headers: HeaderRecord | undefined): Record<string, string> {
    this.#claim();
    const head: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
    return Object.assign(head, this.#pending, lowerCased(headers));
  }

  /** Decides on gzip for a compressible body, marking the head; true when the body must be gzipped. */
  #negotiateGzip(head: Record<string, string>): boolean {
    if (!this.#context.gzip || head['content-encoding'] !== undefined) return false;
    head.vary ??= 'accept-encoding';
    if (!this.#context.acceptsGzip) return false;
    head['content-encoding'] = 'gzip';
    return true;
  }

  #sendWhole(status: number, body: Buffer, contentType: string, headers: HeaderRecord | undefined): void {
    const head = this.#claimHead(contentType, headers);
    const payload = this.#negotiateGzip(head) ? gzipSync(body) : body;
    head['content-length'] = String(payload.byteLength);
    this.raw.writeHead(status, head);
    this.raw.end(payload);
  }

  async #stream<T>(
    status: number,
    head: Record<string, string>,
    gzip: boolean,
    source: Iterable<T> | AsyncIterable<T>,
    encode: (value: T, index: number) => Promise<string | Uint8Array>,
  ): Promise<void> {
    const signal = this.#context.signal;
    delete head['content-length'];
    try {
      this.raw.writeHead(status, head);
      // The client gets the head at once, even when the first value is long in coming.
      this.raw.flushHeaders();
      const sink = openSink(this.raw, signal, gzip);
      const ended = await forEachValue(source, signal, async (value, index) =>
        sink.write(await encode(value, index)),
      );
      if (ended) await sink.end();
    } catch {
      // A failing source (or a value JSON cannot encode) cuts the stream: the client sees a truncated body.
      if (!signal.aborted) this.raw.destroy();
    }
  }
}
