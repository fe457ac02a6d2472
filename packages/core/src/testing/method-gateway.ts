// Node's HTTP parser refuses request methods it does not know (LIST, for one), so such a request never
// reaches the server. This gateway sits in front of it: it reads the framing of each request on a
// connection, rewrites the request line of those methods to GET with a marker header naming the real
// method, and passes everything else through byte for byte. Responses flow back untouched.
import { Buffer } from 'node:buffer';
import { createConnection, createServer, type Socket } from 'node:net';

/** Header that carries the original method of a request the gateway rewrote. */
export const ORIGINAL_METHOD_HEADER = 'x-test-original-method';

const MAX_HEAD_BYTES = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/** A running gateway. */
export interface MethodGateway {
  readonly port: number;
  /** Stops listening and ends every connection, both sides; resolves once all are closed. */
  close(): Promise<void>;
}

type Framing =
  | { readonly state: 'head' }
  | { readonly state: 'body'; remaining: number }
  | { readonly state: 'chunk-size' }
  | { readonly state: 'chunk-data'; remaining: number }
  | { readonly state: 'trailers' };

/** Rewrites one request head: one of `methods` becomes GET plus the marker; returns the head and the framing of its body. */
function rewriteHead(head: string, methods: ReadonlySet<string>): { head: string; next: Framing } {
  const lines = head.split('\r\n');
  const [method = '', ...rest] = (lines[0] ?? '').split(' ');
  const headers = lines
    .slice(1)
    .filter((line) => !line.toLowerCase().startsWith(`${ORIGINAL_METHOD_HEADER}:`));
  const header = (name: string) =>
    headers
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  const rewrite = methods.has(method.toUpperCase());
  const requestLine = rewrite ? ['GET', ...rest].join(' ') : lines[0];
  if (rewrite) headers.push(`${ORIGINAL_METHOD_HEADER}: ${method.toUpperCase()}`);
  const chunked = header('transfer-encoding')?.toLowerCase().includes('chunked') ?? false;
  const length = Number(header('content-length') ?? '0');
  const next: Framing = chunked
    ? { state: 'chunk-size' }
    : length > 0
      ? { state: 'body', remaining: length }
      : { state: 'head' };
  return { head: `${[requestLine, ...headers].join('\r\n')}\r\n\r\n`, next };
}

/** Splits the client's bytes into requests and forwards them, rewriting request heads. */
class RequestRewriter {
  #buffer: Buffer = Buffer.alloc(0);
  #framing: Framing = { state: 'head' };
  readonly #forward: (bytes: Buffer) => void;
  readonly #methods: ReadonlySet<string>;

  constructor(methods: ReadonlySet<string>, forward: (bytes: Buffer) => void) {
    this.#methods = methods;
    this.#forward = forward;
  }

  /** Takes more bytes from the client; false when they cannot be a request. */
  push(bytes: Buffer): boolean {
    this.#buffer = this.#buffer.length === 0 ? bytes : Buffer.concat([this.#buffer, bytes]);
    for (;;) {
      const framing = this.#framing;
      if (framing.state === 'head' || framing.state === 'chunk-size' || framing.state === 'trailers') {
        const marker = framing.state === 'head' ? HEAD_END : CRLF;
        const end = this.#buffer.indexOf(marker);
        if (end < 0) return this.#buffer.length <= MAX_HEAD_BYTES;
        const text = this.#buffer.subarray(0, end).toString('latin1');
        const taken = this.#buffer.subarray(0, end + marker.length);
        this.#buffer = this.#buffer.subarray(end + marker.length);
        if (framing.state === 'head') {
          const { head, next } = rewriteHead(text, this.#methods);
          this.#forward(Buffer.from(head, 'latin1'));
          this.#framing = next;
        } else if (framing.state === 'chunk-size') {
          this.#forward(taken);
          const size = Number.parseInt(text.split(';')[0] ?? '', 16);
          if (Number.isNaN(size)) return false;
          this.#framing = size === 0 ? { state: 'trailers' } : { state: 'chunk-data', remaining: size + 2 };
        } else {
          this.#forward(taken);
          if (text === '') this.#framing = { state: 'head' };
        }
        continue;
      }
      if (this.#buffer.length === 0) return true;
      const part = this.#buffer.subarray(0, framing.remaining);
      this.#buffer = this.#buffer.subarray(part.length);
      framing.remaining -= part.length;
      this.#forward(part);
      if (framing.remaining === 0) {
        this.#framing = framing.state === 'body' ? { state: 'head' } : { state: 'chunk-size' };
      }
    }
  }
}

/** Starts a gateway on 127.0.0.1 (free port) in front of the server on `backendPort`, passing `methods` through as GET. */
export async function startMethodGateway(
  backendPort: number,
  methods: readonly string[],
): Promise<MethodGateway> {
  const rewritten = new Set(methods.map((method) => method.toUpperCase()));
  const sockets = new Set<Socket>();
  let closing = false;
  const track = (socket: Socket) => {
    // As the server behind it: a forgotten gateway must not keep the process alive, and a kept-alive
    // connection it holds for a client must not either; a request in flight keeps it alive by itself.
    socket.unref();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  // A request's head and body are forwarded in separate writes: with Nagle's algorithm on, the body
  // would wait for the acknowledgement of the head (tens of milliseconds on every request with a body).
  const server = createServer({ noDelay: true }, (client) => {
    if (closing) {
      client.destroy();
      return;
    }
    const backend = createConnection({ host: '127.0.0.1', port: backendPort, noDelay: true });
    track(client);
    track(backend);
    const rewriter = new RequestRewriter(rewritten, (bytes) => backend.write(bytes));
    const end = () => {
      client.destroy();
      backend.destroy();
    };
    client.on('data', (bytes: Buffer) => {
      if (!rewriter.push(bytes)) end();
    });
    client.on('end', () => backend.end());
    backend.on('data', (bytes: Buffer) => client.write(bytes));
    backend.on('end', () => client.end());
    client.on('error', end);
    backend.on('error', end);
    client.on('close', end);
    backend.on('close', end);
  });
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  let closed: Promise<void> | undefined;
  return {
    port,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        closing = true;
        // Every connection, kept-alive ones included: the client's end of each closes with it.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}
