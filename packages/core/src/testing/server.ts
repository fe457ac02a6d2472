import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex, Readable } from 'node:stream';
import { checkOptions, type OptionKeys } from '../option-keys.js';
import { acceptsGzip } from './content-coding.js';
import { type MethodGateway, ORIGINAL_METHOD_HEADER, startMethodGateway } from './method-gateway.js';
import { type BodyRecord, recordingStream, recordWholeBody } from './recorded-body.js';
import { ReplyError } from './reply-error.js';
import { type ReplySpec, sendReplySpec } from './reply-spec.js';
import { headerRecord, ReceivedRequest, readBody, splitTarget } from './request.js';
import { TestReply } from './response.js';
import { matchPattern, parsePattern, type RoutePattern } from './route-pattern.js';
import { RouteTable } from './route-table.js';
import type {
  Handler,
  HeaderRecord,
  RecordedRequest,
  RouteOptions,
  TestRequest,
  TestResponse,
} from './types.js';

/** Runs before routing; it may answer itself, through `res` or by returning a canned reply. */
export type RequestHook = (
  req: TestRequest,
  res: TestResponse,
) => void | ReplySpec | Promise<void> | Promise<ReplySpec | undefined>;

/** A request to switch protocols (WebSocket), with its route parameters decoded. */
export interface UpgradeRequest {
  /** Raw path, still percent-encoded, without the query. */
  readonly path: string;
  /** Route parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters of the request. */
  readonly query: URLSearchParams;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The node request, for anything the fields above do not cover. */
  readonly raw: IncomingMessage;
}

/** Takes over the socket of an upgrade request; it owns the handshake and the protocol from here. */
export type UpgradeHandler = (req: UpgradeRequest, socket: Duplex, head: Buffer) => void;

/** Writes an error reply: the status, the message and extra headers, in the service's own format. */
export type ErrorReply = (res: TestResponse, status: number, message: string, headers: HeaderRecord) => void;

const jsonErrorReply: ErrorReply = (res, status, message, headers) =>
  res.json(status, { errors: [message] }, headers);

/** Options of `startTestServer`. */
export interface TestServerOptions {
  /** Gzip JSON, text and NDJSON replies when the request accepts gzip (Accept-Encoding). Default false. */
  readonly gzip?: boolean | undefined;
  /** Larger request bodies get a 413 (routes with `streamBody` have no limit unless they set one). Default 64 MiB. */
  readonly maxBodyBytes?: number | undefined;
  /** Called for each request before routing (for recording, auth checks); may answer the request itself by returning a reply. */
  readonly onRequest?: RequestHook | undefined;
  /**
   * How error replies look (a thrown ReplyError, an unknown route, a body over the limit), for services
   * whose errors are not `{"errors":[message]}`, e.g. plain text. Default: that JSON body.
   */
  readonly errorReply?: ErrorReply | undefined;
  /**
   * Request methods Node's HTTP parser does not know that the service uses, e.g. `['LIST']`: a small
   * gateway in front of the server lets them through, and routes see them under their own name.
   */
  readonly methods?: readonly string[] | undefined;
}

/** A loopback HTTP server with routes, request recording and clean shutdown. */
export interface TestServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Port the server listens on. */
  readonly port: number;
  /** Every request received, in order of arrival. */
  readonly requests: readonly RecordedRequest[];
  /** Adds a route; `*` as a method matches any method, and the first matching route wins. */
  route(method: string | readonly string[], pattern: string, handler: Handler, options?: RouteOptions): this;
  /** Handles upgrade requests (WebSocket) on a path pattern; unmatched upgrades get a 404 and are closed. */
  upgrade(pattern: string, handler: UpgradeHandler): this;
  /** Stops listening and ends every open connection; resolves once the server is closed. */
  close(): Promise<void>;
}

const serverOptionKeys = {
  gzip: 1,
  maxBodyBytes: 1,
  onRequest: 1,
  errorReply: 1,
  methods: 1,
} as const satisfies OptionKeys<TestServerOptions>;

const routeOptionKeys = { streamBody: 1, maxBodyBytes: 1 } as const satisfies OptionKeys<RouteOptions>;

interface MutableRecord extends BodyRecord {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Readonly<Record<string, string>>;
}

const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
const EMPTY = Buffer.alloc(0);

function emptyBody(): BodyRecord {
  return { body: '', bodySize: 0, bodySha256: '' };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class LoopbackTestServer implements TestServer {
  readonly #http: Server;
  readonly #options: TestServerOptions;
  readonly #routes = new RouteTable();
  readonly #upgrades: { readonly pattern: RoutePattern; readonly handler: UpgradeHandler }[] = [];
  readonly #requests: MutableRecord[] = [];
  readonly #sockets = new Set<Socket>();
  #port = 0;
  #gateway: MethodGateway | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: TestServerOptions) {
    this.#options = options;
    this.#http = createServer((req, res) => {
      void this.#handle(req, res);
    });
    this.#http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.#upgrade(req, socket, head),
    );
    this.#http.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
      this.#clientError(error, socket),
    );
    this.#http.on('connection', (socket: Socket) => {
      // A connection that races close() is ended too: nothing outlives the server.
      if (this.#closing !== undefined) {
        socket.destroy();
        return;
      }
      // A forgotten server must not keep the process alive; work in progress keeps it alive by itself.
      socket.unref();
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get port(): number {
    return this.#gateway?.port ?? this.#port;
  }

  get requests(): readonly RecordedRequest[] {
    return this.#requests;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#http.once('error', reject);
      this.#http.listen(0, '127.0.0.1', () => {
        this.#http.off('error', reject);
        const address = this.#http.address();
        this.#port = typeof address === 'object' && address !== null ? address.port : 0;
        this.#http.unref();
        resolve();
      });
    });
    const methods = this.#options.methods ?? [];
    if (methods.length > 0) this.#gateway = await startMethodGateway(this.#port, methods);
  }

  route(method: string | readonly string[], pattern: string, handler: Handler, options?: RouteOptions): this {
    checkOptions(options, routeOptionKeys, 'route options');
    this.#routes.add(method, pattern, handler, options);
    return this;
  }

  upgrade(pattern: string, handler: UpgradeHandler): this {
    this.#upgrades.push({ pattern: parsePattern(pattern), handler });
    return this;
  }

  close(): Promise<void> {
    this.#closing ??= Promise.all([
      this.#gateway?.close(),
      new Promise<void>((resolve) => {
        // Resolve even when the server was not running: closing twice or after a failed start is fine.
        this.#http.close(() => resolve());
        // Every connection, not only idle ones: hanging handlers and open streams must not keep close() waiting.
        for (const socket of this.#sockets) socket.destroy();
      }),
    ]).then(() => undefined);
    return this.#closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Upgraded sockets came through 'connection' too, so close() ends them like any other.
    socket.on('error', () => undefined);
    const { path, search } = splitTarget(req.url ?? '/');
    for (const { pattern, handler } of this.#upgrades) {
      const params = matchPattern(pattern, path);
      if (params === undefined) continue;
      const headers = headerRecord(req.rawHeaders);
      this.#requests.push({
        method: 'UPGRADE',
        path,
        query: new URLSearchParams(search),
        headers,
        ...emptyBody(),
      });
      try {
        handler({ path, params, query: new URLSearchParams(search), headers, raw: req }, socket, head);
      } catch {
        socket.destroy();
      }
      return;
    }
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  }

  /**
   * Node answers a request it cannot parse (a request line and headers over its limit, as a very long
   * URL makes) with a bare status and no body. Answer with the error body the routes use instead:
   * `{"errors":[message]}`, or plain text when the server has its own `errorReply`.
   */
  #clientError(error: NodeJS.ErrnoException, socket: Duplex): void {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const message =
      status === 431
        ? 'the request line and headers (the URL included) are larger than the server accepts'
        : 'the request is not valid HTTP';
    const json = this.#options.errorReply === undefined;
    const body = json ? JSON.stringify({ errors: [message] }) : message;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${json ? 'application/json' : 'text/plain; charset=utf-8'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A client that leaves mid-reply must not crash the test process through an unhandled 'error'.
    res.on('error', () => undefined);
    // A method the gateway let through arrives as GET, its real name in the marker header.
    const { [ORIGINAL_METHOD_HEADER]: original, ...headers } = headerRecord(req.rawHeaders);
    const method = (original ?? req.method ?? 'GET').toUpperCase();
    const { path, search } = splitTarget(req.url ?? '/');
    const record: MutableRecord = {
      method,
      path,
      query: new URLSearchParams(search),
      headers,
      ...emptyBody(),
    };
    this.#requests.push(record);
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const reply = new TestReply(res, {
      gzip: this.#options.gzip === true,
      acceptsGzip: acceptsGzip(headers['accept-encoding']),
      signal: abort.signal,
    });
    try {
      const match = this.#routes.find(method, path);
      let request: ReceivedRequest;
      if (match?.options.streamBody === true) {
        const limit = match.options.maxBodyBytes ?? Number.POSITIVE_INFINITY;
        const stream = recordingStream(record, limit);
        // The handler meets any failure when it reads; unread, it must not surface as an unhandled error.
        stream.on('error', () => undefined);
        // A reply before the whole body arrived closes the connection: the client may still be sending,
        // and a kept-alive socket with half a body on it would break its next request.
        res.shouldKeepAlive = false;
        stream.once('end', () => {
          if (!res.headersSent) res.shouldKeepAlive = true;
        });
        req.on('error', (error) => stream.destroy(error));
        req.pipe(stream);
        request = this.#received(method, path, search, headers, match.params, abort.signal, EMPTY, stream);
      } else {
        const maxBytes = match?.options.maxBodyBytes ?? this.#options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
        const { bytes: body, size } = await readBody(req, maxBytes);
        if (body === undefined) {
          record.bodySize = size;
          this.#errorReply(reply, 413, `request body is larger than ${maxBytes} bytes`, {});
          return;
        }
        recordWholeBody(record, body);
        request = this.#received(method, path, search, headers, match?.params ?? {}, abort.signal, body);
      }
      if (await this.#runHook(request, reply)) return;
      if (match === undefined) {
        this.#errorReply(reply, 404, `no route for ${method} ${path}`, {});
        return;
      }
      await match.handler(request, reply);
      if (!reply.replied && !res.headersSent && !abort.signal.aborted) {
        reply.text(500, `the handler of ${method} ${match.pattern} returned without replying`);
      }
    } catch (error) {
      this.#fail(reply, abort.signal, error);
    }
  }

  #received(
    method: string,
    path: string,
    search: string,
    headers: HeaderRecord,
    params: Readonly<Record<string, string>>,
    signal: AbortSignal,
    body: Buffer,
    stream?: Readable,
  ): ReceivedRequest {
    return new ReceivedRequest({
      method,
      path,
      search,
      headers,
      body,
      params,
      signal,
      ...(stream === undefined ? {} : { stream }),
    });
  }

  /** Runs the hook; true when it answered the request. */
  async #runHook(request: TestRequest, reply: TestReply): Promise<boolean> {
    const hook = this.#options.onRequest;
    if (hook === undefined) return false;
    const spec = await hook(request, reply);
    if (spec) {
      sendReplySpec(reply, spec, { errors: [STATUS_CODES[spec.status] ?? `status ${spec.status}`] });
    }
    return reply.replied || reply.raw.headersSent;
  }

  get #errorReply(): ErrorReply {
    return this.#options.errorReply ?? jsonErrorReply;
  }

  #fail(reply: TestReply, signal: AbortSignal, error: unknown): void {
    const res = reply.raw;
    if (signal.aborted || res.writableEnded || res.destroyed) return;
    try {
      if (reply.replied || res.headersSent) {
        // Too late for an error status: cutting the connection is the only signal left.
        res.destroy();
      } else if (error instanceof ReplyError) {
        this.#errorReply(reply, error.status, error.message, error.headers);
      } else {
        reply.text(500, messageOf(error));
      }
    } catch {
      res.destroy();
    }
  }
}

/**
 * Starts a test server on 127.0.0.1 with a free port. It is `unref`-ed, and stops with `close()` or at
 * the end of an `await using` block.
 *
 * @example
 * ```ts
 * import { createTransport } from '@infra-sdk/core';
 * import { startTestServer } from '@infra-sdk/core/testing';
 *
 * await using server = await startTestServer();
 * server.route('GET', '/v1/job/:id', (req, res) => res.json(200, { ID: req.params.id }));
 * const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1' });
 * console.log(await transport.request({ method: 'GET', path: '/job/web' })); // { ID: 'web' }
 * console.log(server.requests.length); // 1
 * ```
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  checkOptions(options, serverOptionKeys, 'startTestServer options');
  const server = new LoopbackTestServer(options);
  await server.listen();
  return server;
}
