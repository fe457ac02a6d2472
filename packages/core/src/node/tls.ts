// TLS for Node: a fetch whose connections use a custom CA, a client certificate (mutual TLS) or a
// different verification name. undici is an optional peer dependency, so only this entry imports it.
import { Buffer } from 'node:buffer';
import type { ConnectionOptions } from 'node:tls';
import { Agent } from 'undici';

/** PEM text, either as a string or as the raw bytes of a PEM file. */
export type Pem = string | Uint8Array;

/** TLS settings for the connections of {@link createTlsFetch}. */
export interface TlsOptions {
  /** PEM of the certificate authorities to trust instead of the defaults (string, Uint8Array or a list). */
  readonly ca?: Pem | readonly Pem[];
  /** PEM client certificate (optionally followed by its intermediates), for services that require mutual TLS. */
  readonly cert?: Pem;
  /** PEM private key of `cert`; it may be encrypted, then give `passphrase`. */
  readonly key?: Pem;
  /** Passphrase of an encrypted `key`. */
  readonly passphrase?: string;
  /** Name to verify the server certificate against (SNI), when it differs from the host in the URL. */
  readonly servername?: string;
  /**
   * Verification stays on by default, even when `NODE_TLS_REJECT_UNAUTHORIZED=0` is set.
   * DANGER: `false` accepts any certificate, so anyone on the network path can read and change the
   * traffic, tokens included. For local experiments only; prefer `ca` with the server's CA.
   */
  readonly rejectUnauthorized?: boolean;
}

/** A fetch bound to its own connection pool; close it when the client that uses it is done. */
export type TlsFetch = typeof fetch & {
  /** Lets in-flight requests finish, then closes the pooled connections; later calls fail. */
  close(): Promise<void>;
  /** Same as `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
};

/** Returns a fetch that sends every request through an undici dispatcher configured with these TLS options. */
export function createTlsFetch(options: TlsOptions): TlsFetch {
  const agent = new Agent({ connect: connectOptions(options) });
  // Node's own fetch accepts a dispatcher from the undici package (undici 7 speaks both handler
  // protocols). undici's exported fetch would not do: it rejects the global Request objects that ky
  // passes in, and its Responses are not the global class.
  const tlsFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    globalThis.fetch(input, { ...init, dispatcher: agent } as RequestInit);
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= agent.close();
    return closed;
  };
  return Object.assign(tlsFetch, { close, [Symbol.asyncDispose]: close });
}

type ConnectOptions = Pick<
  ConnectionOptions,
  'ca' | 'cert' | 'key' | 'passphrase' | 'servername' | 'rejectUnauthorized'
>;

function connectOptions(options: TlsOptions): ConnectOptions {
  // A certificate without its key (or the reverse) would only surface later as an opaque handshake error.
  if ((options.cert === undefined) !== (options.key === undefined)) {
    throw new TypeError(
      'createTlsFetch: give `cert` and `key` together; mutual TLS needs the client certificate and its private key.',
    );
  }
  if (options.passphrase !== undefined && options.key === undefined) {
    throw new TypeError('createTlsFetch: `passphrase` unlocks `key`, but no `key` was given.');
  }
  // Explicit, so that NODE_TLS_REJECT_UNAUTHORIZED cannot switch verification off behind the caller's back.
  const connect: ConnectOptions = { rejectUnauthorized: options.rejectUnauthorized !== false };
  if (options.ca !== undefined) {
    connect.ca =
      typeof options.ca === 'string' || options.ca instanceof Uint8Array
        ? toBuffer(options.ca)
        : options.ca.map(toBuffer);
  }
  if (options.cert !== undefined) connect.cert = toBuffer(options.cert);
  if (options.key !== undefined) connect.key = toBuffer(options.key);
  if (options.passphrase !== undefined) connect.passphrase = options.passphrase;
  if (options.servername !== undefined) connect.servername = options.servername;
  return connect;
}

// Node's TLS typings ask for Buffer; a Uint8Array view is wrapped without copying.
function toBuffer(pem: Pem): string | Buffer {
  return typeof pem === 'string' ? pem : Buffer.from(pem.buffer, pem.byteOffset, pem.byteLength);
}
