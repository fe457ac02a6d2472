// A fetch over node:http and node:https for the client's `fetch` option. Node's own fetch keeps more of a
// large transfer in memory than the transfer needs: every socket read and every body chunk is a fresh
// buffer left to the garbage collector. Here plain-http sockets read into one buffer of their own, body
// chunks go on one at a time as the consumer asks for them (backpressure down to the socket), and chunks
// of a box file are freed as soon as they are written. Redirects are never followed here: the client
// follows them itself, hop by hop, with its credential rules.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import {
  Agent as HttpsAgent,
  type AgentOptions as HttpsAgentOptions,
  request as httpsRequest,
} from 'node:https';
import { connect, type Socket, type TcpNetConnectOpts } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { markOwned, releaseWritten } from './release.js';

/** Options of `createNodeFetch`. */
export interface NodeFetchOptions {
  /** TLS and connection settings of `https:` requests (a CA, a client certificate...), as node:https takes them. */
  readonly https?: HttpsAgentOptions;
  /** Connections kept open per origin. Default 16. */
  readonly maxSockets?: number;
}

// One read buffer per connection: the HTTP parser copies what it needs out of it before the next read.
const READ_BUFFER = 64 * 1024;
// Body bytes queued for a consumer that has not asked for them yet: four reads of a plain-http socket,
// sixteen TLS records. Counted in bytes, since a TLS socket hands over 16 KiB at a time: a queue of a few
// such chunks paused the socket so often that a download over https spent half its time waiting.
const QUEUED_BYTES = 256 * 1024;
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A plain-http agent whose sockets read into a buffer of their own instead of a new one per read. */
class ReusingAgent extends HttpAgent {
  override createConnection(options: TcpNetConnectOpts): Socket {
    const buffer = new Uint8Array(READ_BUFFER);
    // The agent's own connection options (address, family, lookup...) with a read buffer added.
    const socket: Socket = connect({
      ...options,
      onread: {
        buffer,
        // node:http parses what it is handed at once and copies the body out, so the buffer is free again.
        callback: (bytes: number, read: Uint8Array) => {
          socket.emit('data', Buffer.from(read.buffer, read.byteOffset, bytes));
          return true;
        },
      },
    });
    return socket;
  }
}

/**
 * A `fetch` for the client options over node:http and node:https: memory stays at a few chunks per
 * transfer, whatever the size of the box (use it with `uploadBoxFile` and `downloadBoxFile`).
 */
export function createNodeFetch(options: NodeFetchOptions = {}): typeof fetch {
  const maxSockets = options.maxSockets ?? 16;
  const http = new ReusingAgent({ keepAlive: true, maxSockets });
  const https = new HttpsAgent({ keepAlive: true, maxSockets, ...options.https });
  return async (input, init) => {
    const from = input instanceof Request ? input : undefined;
    const url = new URL(from ? from.url : String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`fetch failed: ${url.protocol} addresses are not supported`);
    }
    const method = (init?.method ?? from?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers ?? from?.headers);
    const body = init?.body ?? from?.body ?? null;
    const signal = init?.signal ?? from?.signal ?? undefined;
    const redirect = init?.redirect ?? from?.redirect ?? 'follow';
    signal?.throwIfAborted();

    const { stream, bytes } = await bodyOf(body, headers);
    if (bytes !== undefined) headers.set('content-length', String(bytes.byteLength));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(url, {
      method,
      agent: url.protocol === 'https:' ? https : http,
      headers: Object.fromEntries(headers),
    });

    // A server may answer before the whole body went (storage refusing an expired address): the rest
    // of the body is then not sent, and the answer is what the caller gets.
    let early = false;
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      outgoing.once('response', (incoming: IncomingMessage) => {
        early = !outgoing.writableFinished;
        resolve(incoming);
      });
      outgoing.once('error', (error) => reject(signal?.aborted ? signal.reason : failed(error)));
    });
    const abort = () => outgoing.destroy(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const sending = writeBody(outgoing, stream, bytes, () => early);
      // A failed body write shows as the request's error, which `answered` reports.
      sending.catch((error: unknown) => {
        if (!early) outgoing.destroy(error instanceof Error ? error : failed(error));
      });
      const incoming = await answered;
      // The connection carries half a body: it is closed once the answer was read, never reused.
      if (early) incoming.once('end', () => outgoing.destroy());
      const location = incoming.headers.location;
      if (redirect === 'error' && REDIRECT_STATUSES.has(incoming.statusCode ?? 0) && location) {
        incoming.destroy();
        throw new TypeError('fetch failed: unexpected redirect');
      }
      return toResponse(incoming, method, signal, abort);
    } catch (error) {
      signal?.removeEventListener('abort', abort);
      throw error;
    }
  };
}

function failed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/** The request body as a stream to write chunk by chunk, or as bytes with a known length. */
async function bodyOf(
  body: BodyInit | null,
  headers: Headers,
): Promise<{ stream?: ReadableStream<Uint8Array>; bytes?: Uint8Array }> {
  if (body === null) return {};
  if (body instanceof ReadableStream) return { stream: body };
  if (body instanceof Blob && body.size > READ_BUFFER) {
    if (!headers.has('content-length')) headers.set('content-length', String(body.size));
    if (body.type && !headers.has('content-type')) headers.set('content-type', body.type);
    return { stream: body.stream() };
  }
  // Strings, bytes, forms: serialised (and typed) the way fetch does it.
  const serialised = new Request('http://localhost/', { method: 'POST', body });
  const type = serialised.headers.get('content-type');
  if (type !== null && !headers.has('content-type')) headers.set('content-type', type);
  return { bytes: new Uint8Array(await serialised.arrayBuffer()) };
}

/** Writes the body with backpressure; each written chunk of a box file is freed once it is on the wire. */
async function writeBody(
  outgoing: ReturnType<typeof httpRequest>,
  stream: ReadableStream<Uint8Array> | undefined,
  bytes: Uint8Array | undefined,
  answeredEarly: () => boolean,
): Promise<void> {
  if (stream === undefined) {
    outgoing.end(bytes);
    return;
  }
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (answeredEarly()) {
        await reader.cancel();
        return;
      }
      const chunk = next.value;
      const more = outgoing.write(chunk, (error) => {
        if (!error) releaseWritten(chunk);
      });
      if (!more) {
        await drained(outgoing);
        // Reads waiting on the socket go first: an early answer is then seen before the next write,
        // which would otherwise meet a connection storage already closed.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    outgoing.end();
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    throw error;
  }
}

function drained(outgoing: ReturnType<typeof httpRequest>): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      outgoing.off('drain', done);
      outgoing.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const closed = () => done(new Error('the connection closed while the body was being sent'));
    outgoing.once('drain', done);
    outgoing.once('close', closed);
  });
}

/** The answer as a Response whose body is read from the socket only as the consumer asks for it. */
function toResponse(
  incoming: IncomingMessage,
  method: string,
  signal: AbortSignal | undefined,
  abort: () => void,
): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    headers.append(incoming.rawHeaders[i] ?? '', incoming.rawHeaders[i + 1] ?? '');
  }
  const init = { status, statusText: incoming.statusMessage ?? '', headers };
  if (method === 'HEAD' || NO_BODY_STATUSES.has(status)) {
    incoming.resume();
    signal?.removeEventListener('abort', abort);
    return new Response(null, init);
  }
  const decoded = decode(incoming, headers.get('content-encoding'));
  const own = decoded === incoming;
  if (!own) {
    // The bytes are decoded here, as fetch would: the length and encoding no longer describe them.
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  let settled = false;
  const finish = () => {
    settled = true;
    signal?.removeEventListener('abort', abort);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: unknown) => {
          if (settled) return;
          finish();
          controller.error(error);
        };
        decoded.pause();
        decoded.on('data', (data: Buffer) => {
          if (settled) return;
          const chunk = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
          controller.enqueue(own ? markOwned(chunk) : chunk);
          if ((controller.desiredSize ?? 0) <= 0) decoded.pause();
        });
        decoded.once('end', () => {
          if (settled) return;
          finish();
          controller.close();
        });
        decoded.once('error', (error) =>
          fail(signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error })),
        );
        incoming.once('close', () => {
          if (incoming.complete) return;
          fail(
            signal?.aborted
              ? signal.reason
              : new TypeError('terminated', { cause: new Error('the connection closed mid-body') }),
          );
        });
      },
      pull() {
        decoded.resume();
      },
      cancel() {
        finish();
        incoming.destroy();
      },
    },
    { highWaterMark: QUEUED_BYTES, size: (chunk) => chunk.byteLength },
  );
  return new Response(body, init);
}

function decode(incoming: IncomingMessage, encoding: string | null): Readable {
  const coding = encoding?.trim().toLowerCase();
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? createGunzip()
      : coding === 'deflate'
        ? createInflate()
        : coding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (decoder === undefined) return incoming;
  incoming.on('error', (error) => decoder.destroy(error));
  return incoming.pipe(decoder);
}
