// A forward proxy on 127.0.0.1 for tests of proxy support: a plain-http request in absolute form is
// forwarded, CONNECT opens a tunnel (how https goes through a proxy), and with `credentials` both need
// them in Proxy-Authorization. Everything it was asked is recorded, with what passed through tunnels.

import { Buffer } from 'node:buffer';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { checkOptions, type OptionKeys } from '../option-keys.js';
import { headerRecord } from './request.js';
import type { HeaderRecord } from './types.js';

/** Options of {@link startTestProxy}. */
export interface TestProxyOptions {
  /** Credentials the proxy demands (Basic, in Proxy-Authorization); other requests get 407. */
  readonly credentials?:
    | {
        /** User name. */
        readonly username: string;
        /** Password. */
        readonly password: string;
      }
    | undefined;
}

/** One request the proxy received. */
export interface ProxiedRequest {
  /** `forward`: a plain-http request in absolute form; `connect`: a tunnel (CONNECT). */
  readonly kind: 'forward' | 'connect';
  /** HTTP method, upper case (`CONNECT` for a tunnel). */
  readonly method: string;
  /** The absolute URL asked for, or `host:port` of a tunnel. */
  readonly target: string;
  /** Headers as the proxy received them; lower-case names, repeated ones joined with ", ". */
  readonly headers: HeaderRecord;
  /** 407 (credentials), 400 (not a request a proxy serves), 502 (target unreachable); undefined when served. */
  readonly refused: number | undefined;
  /** What the client sent through a tunnel, up to its first 1 MiB: all a proxy could read of it. */
  readonly tunnelled: Uint8Array;
}

/** A forward proxy on 127.0.0.1 with request recording and clean shutdown. */
export interface TestProxy extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`, without credentials. */
  readonly url: string;
  /** Port the proxy listens on. */
  readonly port: number;
  /** Every request received, in order of arrival. */
  readonly requests: readonly ProxiedRequest[];
  /** Stops listening and ends every connection and tunnel; resolves once closed. */
  close(): Promise<void>;
}

interface MutableRecord {
  kind: 'forward' | 'connect';
  method: string;
  target: string;
  headers: HeaderRecord;
  refused: number | undefined;
  tunnelled: Uint8Array;
}

const TUNNEL_RECORD_BYTES = 1024 * 1024;
// Headers of one hop: meant for the proxy, or describing the connection to it, never passed on.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

class LoopbackTestProxy implements TestProxy {
  readonly #server: Server;
  readonly #expected: string | undefined;
  readonly #requests: MutableRecord[] = [];
  readonly #sockets = new Set<Duplex>();
  #port = 0;
  #closing: Promise<void> | undefined;

  constructor(options: TestProxyOptions) {
    const { credentials } = options;
    this.#expected =
      credentials === undefined
        ? undefined
        : `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    this.#server = createServer((req, res) => this.#forward(req, res));
    this.#server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.#tunnel(req, socket, head),
    );
    this.#server.on('clientError', (_error, socket: Duplex) => socket.destroy());
    this.#server.on('connection', (socket: Socket) => this.#track(socket));
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  get port(): number {
    return this.#port;
  }

  get requests(): readonly ProxiedRequest[] {
    return this.#requests;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => {
        this.#server.off('error', reject);
        const address = this.#server.address();
        this.#port = typeof address === 'object' && address !== null ? address.port : 0;
        this.#server.unref();
        resolve();
      });
    });
  }

  close(): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      for (const socket of this.#sockets) socket.destroy();
    });
    return this.#closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #track(socket: Duplex): void {
    socket.on('error', () => undefined);
    // A connection that races close() is ended too: nothing outlives the proxy.
    if (this.#closing !== undefined) {
      socket.destroy();
      return;
    }
    // A forgotten proxy must not keep the process alive.
    (socket as Socket).unref?.();
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
  }

  #record(req: IncomingMessage, kind: 'forward' | 'connect'): MutableRecord {
    const record: MutableRecord = {
      kind,
      method: (req.method ?? '').toUpperCase(),
      target: req.url ?? '',
      headers: headerRecord(req.rawHeaders),
      refused: undefined,
      tunnelled: new Uint8Array(0),
    };
    this.#requests.push(record);
    if (this.#expected !== undefined && req.headers['proxy-authorization'] !== this.#expected) {
      record.refused = 407;
    }
    return record;
  }

  #forward(req: IncomingMessage, res: ServerResponse): void {
    res.on('error', () => undefined);
    const record = this.#record(req, 'forward');
    if (record.refused === 407) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test proxy"', 'content-length': 0 }).end();
      return;
    }
    const target = URL.canParse(record.target) ? new URL(record.target) : undefined;
    if (target?.protocol !== 'http:') {
      // A request in origin form is not meant for a proxy; an https address must go through CONNECT.
      record.refused = 400;
      res.writeHead(400, { 'content-type': 'text/plain' }).end('a proxy forwards http:// addresses only');
      return;
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port || 80,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: endToEnd(req.headers),
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('socket', (socket) => this.#track(socket));
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      record.refused = 502;
      res.writeHead(502, { 'content-type': 'text/plain' }).end('the target could not be reached');
    });
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  #tunnel(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const record = this.#record(req, 'connect');
    if (record.refused === 407) {
      socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test proxy"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const colon = record.target.lastIndexOf(':');
    const host = record.target.slice(0, colon).replace(/^\[|\]$/g, '');
    const port = Number(record.target.slice(colon + 1));
    const keep = (bytes: Uint8Array) => {
      const room = TUNNEL_RECORD_BYTES - record.tunnelled.byteLength;
      if (room > 0) record.tunnelled = Buffer.concat([record.tunnelled, bytes.subarray(0, room)]);
    };
    let open = false;
    const upstream = connect(port, host);
    this.#track(upstream);
    upstream.once('error', () => {
      if (open) return;
      record.refused = 502;
      socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
    });
    upstream.once('connect', () => {
      open = true;
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      keep(head);
      upstream.write(head);
      socket.on('data', keep);
      socket.pipe(upstream);
      upstream.pipe(socket);
    });
    socket.once('close', () => upstream.destroy());
    upstream.once('close', () => {
      if (open) socket.destroy();
    });
  }
}

/** Starts a forward proxy on 127.0.0.1 with a free port. */
export async function startTestProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  checkOptions(options, { credentials: 1 } satisfies OptionKeys<TestProxyOptions>, 'startTestProxy options');
  checkOptions(options.credentials, { username: 1, password: 1 }, 'startTestProxy credentials');
  const proxy = new LoopbackTestProxy(options);
  await proxy.listen();
  return proxy;
}
