import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/** Header names and values; names are compared lower-case. */
export type HeaderRecord = Readonly<Record<string, string>>;

/** Answers one request through `res`; a thrown error becomes a 500 (or the status of a `ReplyError`). */
export type Handler = (req: TestRequest, res: TestResponse) => void | Promise<void>;

/** One request as the server received it, kept for assertions after the fact. */
export interface RecordedRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Raw path, still percent-encoded, without the query. */
  readonly path: string;
  /** Query parameters of the request. */
  readonly query: URLSearchParams;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: HeaderRecord;
  /**
   * UTF-8 text of the body when it is valid UTF-8 and at most 1 MiB; empty for a larger or binary body
   * (check those by `bodySize` and `bodySha256`) and for a body refused as too large.
   */
  readonly body: string;
  /** Bytes of the body the server read (for a streamed route: as far as its handler read). */
  readonly bodySize: number;
  /** SHA-256 of the body, in hex; empty until a streamed body was read to its end, or when it was refused. */
  readonly bodySha256: string;
}

/** Options of one route. */
export interface RouteOptions {
  /**
   * Hand the body to the handler as a stream (`req.stream`) instead of reading it first; `req.text` and
   * `req.bytes` are then empty. For large uploads: the server holds one chunk at a time.
   */
  readonly streamBody?: boolean | undefined;
  /** Largest body this route takes; more gets a 413. Default: the server's `maxBodyBytes`, or no limit for a streamed body. */
  readonly maxBodyBytes?: number | undefined;
}

/** The request a handler sees, with its body already read. */
export interface TestRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Raw path, still percent-encoded, without the query. */
  readonly path: string;
  /** Route parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters of the request. */
  readonly query: URLSearchParams;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: HeaderRecord;
  /** The body decoded as UTF-8 (empty on a route with `streamBody`). */
  readonly text: string;
  /** The raw bytes of the body (empty on a route with `streamBody`). */
  readonly bytes: Uint8Array;
  /**
   * The body as it arrives, on a route with `streamBody` (undefined otherwise). Reading past the route's
   * limit fails with a 413 ReplyError; the request log records its size and SHA-256 as it is read.
   */
  readonly stream: Readable | undefined;
  /** Aborted when the client goes away before the reply is complete (or the server closes). */
  readonly signal: AbortSignal;
  /** A header by case-insensitive name. */
  header(name: string): string | undefined;
  /** The body parsed as JSON; throws a 400 `ReplyError` when it is not valid JSON. */
  json<T = unknown>(): T;
}

/** Options of `TestResponse.ndjson`. */
export interface NdjsonOptions {
  /** Headers of the reply. */
  readonly headers?: HeaderRecord | undefined;
  /** What ends each line; default `\n`. */
  readonly lineEnding?: '\n' | '\r\n' | undefined;
}

/** Options of `TestResponse.chunked`. */
export interface ChunkedOptions {
  /** Headers of the reply. */
  readonly headers?: HeaderRecord | undefined;
  /** Pause between two chunks, in milliseconds. */
  readonly delayMs?: number | undefined;
}

/** Options of `TestResponse.resetAfter`. */
export interface ResetAfterOptions {
  /** Default 200. */
  readonly status?: number | undefined;
  /** Default content type is application/json, since truncated JSON is the usual fault to test. */
  readonly headers?: HeaderRecord | undefined;
  /** How the cut body is framed: a Content-Length larger than what is sent (default), or chunked without the final chunk. */
  readonly framing?: 'content-length' | 'chunked' | undefined;
}

/** How a handler answers; each replying method may be used once per request. */
export interface TestResponse {
  /** The node response, for anything the methods below do not cover. */
  readonly raw: ServerResponse;
  /** True once a replying method (including `hang` and `destroy`) was called. */
  readonly replied: boolean;
  /** Adds a header to the coming reply; headers given to the replying method win. */
  header(name: string, value: string): this;
  /** Sends `body` as JSON (gzipped when the server and the request allow it). */
  json(status: number, body: unknown, headers?: HeaderRecord): void;
  /** Sends plain UTF-8 text (gzipped when the server and the request allow it). */
  text(status: number, text: string, headers?: HeaderRecord): void;
  /** Sends no body. */
  empty(status?: number, headers?: HeaderRecord): void;
  /** Streams one JSON line per value as each arrives; settles when the values end or the client leaves, never rejects. */
  ndjson(
    status: number,
    values: Iterable<unknown> | AsyncIterable<unknown>,
    options?: NdjsonOptions,
  ): Promise<void>;
  /** Streams the chunks as given (never compressed); settles when they end or the client leaves, never rejects. */
  chunked(
    status: number,
    chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
    options?: ChunkedOptions,
  ): Promise<void>;
  /** Sends the head and part of a body, then drops the connection so the client fails mid-body. */
  resetAfter(partialBody: string | Uint8Array, options?: ResetAfterOptions): Promise<void>;
  /** Drops the connection without any reply. */
  destroy(): void;
  /** Never answers; the connection stays open until the client aborts or the server closes. */
  hang(): void;
}
