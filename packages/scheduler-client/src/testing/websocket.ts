// The server side of the small part of RFC 6455 the fake exec endpoint needs: the opening handshake,
// text frames (masked from the client, unmasked from us), fragmentation, ping/pong and close.
import { createHash } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { UpgradeRequest } from '@infra-sdk/core/testing';

const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OPCODE_CONTINUATION = 0x0;
const OPCODE_TEXT = 0x1;
const OPCODE_BINARY = 0x2;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
const OPCODE_PONG = 0xa;
/** Messages larger than this close the socket (1009); the fake has no use for big ones. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

/** One accepted WebSocket connection. */
export class ServerWebSocket {
  readonly #socket: Duplex;
  #buffer: Buffer = Buffer.alloc(0);
  #fragments: Buffer[] = [];
  #closed = false;
  #closeSent = false;
  readonly #textListeners: ((text: string) => void)[] = [];
  readonly #closeListeners: ((code: number, reason: string) => void)[] = [];

  private constructor(socket: Duplex) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    socket.on('close', () => this.#gone(1006, ''));
    socket.on('error', () => this.#gone(1006, ''));
  }

  /** Completes the opening handshake; answers 400 and returns undefined for a request that is not a WebSocket upgrade. */
  static accept(req: UpgradeRequest, socket: Duplex, head: Buffer): ServerWebSocket | undefined {
    const key = req.headers['sec-websocket-key'];
    const upgrade = req.headers.upgrade?.toLowerCase();
    if (key === undefined || upgrade !== 'websocket') {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return undefined;
    }
    const accept = createHash('sha1')
      .update(key + HANDSHAKE_GUID)
      .digest('base64');
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    const ws = new ServerWebSocket(socket);
    if (head.length > 0) ws.#receive(head);
    return ws;
  }

  /** True once the connection is closing or closed. */
  get closed(): boolean {
    return this.#closed || this.#closeSent;
  }

  onText(listener: (text: string) => void): void {
    this.#textListeners.push(listener);
  }

  onClose(listener: (code: number, reason: string) => void): void {
    this.#closeListeners.push(listener);
  }

  /** Sends one text frame. */
  sendText(text: string): void {
    if (this.closed) return;
    this.#socket.write(frame(OPCODE_TEXT, Buffer.from(text, 'utf8')));
  }

  /** Starts the closing handshake; the connection ends when the client answers (or soon after). */
  close(code = 1000, reason = ''): void {
    if (this.closed) return;
    this.#closeSent = true;
    const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
    payload.writeUInt16BE(code, 0);
    payload.write(reason, 2, 'utf8');
    this.#socket.write(frame(OPCODE_CLOSE, payload));
    const timer = setTimeout(() => this.#socket.destroy(), 1000);
    timer.unref();
    this.#socket.once('close', () => clearTimeout(timer));
  }

  /** Drops the connection without a closing handshake, as a network failure would. */
  destroy(): void {
    this.#socket.destroy();
  }

  #gone(code: number, reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const listener of this.#closeListeners) listener(code, reason);
  }

  #receive(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const parsed = parseFrame(this.#buffer);
      if (parsed === undefined) return;
      if (parsed === 'unmasked' || parsed === 'too-large') {
        this.close(parsed === 'unmasked' ? 1002 : 1009);
        return;
      }
      this.#buffer = this.#buffer.subarray(parsed.length);
      this.#handle(parsed.fin, parsed.opcode, parsed.payload);
    }
  }

  #handle(fin: boolean, opcode: number, payload: Buffer): void {
    switch (opcode) {
      case OPCODE_PING:
        if (!this.closed) this.#socket.write(frame(OPCODE_PONG, payload));
        return;
      case OPCODE_PONG:
        return;
      case OPCODE_CLOSE: {
        const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
        const reason = payload.subarray(2).toString('utf8');
        if (!this.#closeSent) {
          this.#closeSent = true;
          this.#socket.write(frame(OPCODE_CLOSE, payload.subarray(0, 2)));
        }
        this.#socket.end();
        this.#gone(code, reason);
        return;
      }
      case OPCODE_TEXT:
      case OPCODE_BINARY:
      case OPCODE_CONTINUATION: {
        this.#fragments.push(payload);
        if (!fin) return;
        const message = Buffer.concat(this.#fragments).toString('utf8');
        this.#fragments = [];
        for (const listener of this.#textListeners) listener(message);
        return;
      }
      default:
        this.close(1002, 'unknown opcode');
    }
  }
}

interface Frame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
  /** Bytes the frame took in the buffer. */
  readonly length: number;
}

/** Reads one client frame from the start of `buffer`; undefined when it is not complete yet. */
function parseFrame(buffer: Buffer): Frame | 'unmasked' | 'too-large' | undefined {
  if (buffer.length < 2) return undefined;
  const first = buffer[0] ?? 0;
  const second = buffer[1] ?? 0;
  if ((second & 0x80) === 0) return 'unmasked';
  let length = second & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buffer.length < 4) return undefined;
    length = buffer.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (buffer.length < 10) return undefined;
    const big = buffer.readBigUInt64BE(2);
    if (big > BigInt(MAX_MESSAGE_BYTES)) return 'too-large';
    length = Number(big);
    offset = 10;
  }
  if (length > MAX_MESSAGE_BYTES) return 'too-large';
  if (buffer.length < offset + 4 + length) return undefined;
  const mask = buffer.subarray(offset, offset + 4);
  const payload = Buffer.from(buffer.subarray(offset + 4, offset + 4 + length));
  for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return { fin: (first & 0x80) !== 0, opcode: first & 0x0f, payload, length: offset + 4 + length };
}

/** Builds one unmasked server frame. */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? Buffer.alloc(2) : length < 0x10000 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (length < 126) {
    head[1] = length;
  } else if (length < 0x10000) {
    head[1] = 126;
    head.writeUInt16BE(length, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, payload]);
}
