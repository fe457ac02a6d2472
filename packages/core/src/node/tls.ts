// TLS settings of the Node transport, turned into what undici hands to `tls.connect`.
import { Buffer } from 'node:buffer';
import type { ConnectionOptions } from 'node:tls';
import type { OptionKeys } from '../option-keys.js';

/** PEM text, either as a string or as the raw bytes of a PEM file. */
export type Pem = string | Uint8Array;

/** TLS settings of the connections to the services (`createNodeFetch`). */
export interface TlsOptions {
  /**
   * PEM of the certificate authorities to trust instead of the defaults (string, Uint8Array or a list).
   * They are trusted for an `https:` proxy too.
   */
  readonly ca?: Pem | readonly Pem[] | undefined;
  /** PEM client certificate (optionally followed by its intermediates), for services that require mutual TLS. */
  readonly cert?: Pem | undefined;
  /** PEM private key of `cert`; it may be encrypted, then give `passphrase`. */
  readonly key?: Pem | undefined;
  /** Passphrase of an encrypted `key`. */
  readonly passphrase?: string | undefined;
  /** Name to verify the server certificate against (SNI), when it differs from the host in the URL. */
  readonly servername?: string | undefined;
  /**
   * Verification stays on by default, even when `NODE_TLS_REJECT_UNAUTHORIZED=0` is set.
   * DANGER: `false` accepts any certificate, so anyone on the network path can read and change the
   * traffic, tokens included. For local experiments only; prefer `ca` with the server's CA.
   */
  readonly rejectUnauthorized?: boolean | undefined;
}

/** The keys of `TlsOptions`. */
export const tlsOptionKeys = {
  ca: 1,
  cert: 1,
  key: 1,
  passphrase: 1,
  servername: 1,
  rejectUnauthorized: 1,
} as const satisfies OptionKeys<TlsOptions>;

/** The `tls.connect` options undici passes on. */
export type ConnectOptions = Pick<
  ConnectionOptions,
  'ca' | 'cert' | 'key' | 'passphrase' | 'servername' | 'rejectUnauthorized'
>;

/** The connect options of the services' connections; a certificate without its key is refused here. */
export function serviceTls(options: TlsOptions): ConnectOptions {
  // A certificate without its key (or the reverse) would only surface later as an opaque handshake error.
  if ((options.cert === undefined) !== (options.key === undefined)) {
    throw new TypeError(
      'createNodeFetch: give `cert` and `key` together; mutual TLS needs the client certificate and its private key.',
    );
  }
  if (options.passphrase !== undefined && options.key === undefined) {
    throw new TypeError('createNodeFetch: `passphrase` unlocks `key`, but no `key` was given.');
  }
  const connect: ConnectOptions = proxyTls(options);
  if (options.cert !== undefined) connect.cert = toBuffer(options.cert);
  if (options.key !== undefined) connect.key = toBuffer(options.key);
  if (options.passphrase !== undefined) connect.passphrase = options.passphrase;
  if (options.servername !== undefined) connect.servername = options.servername;
  return connect;
}

/**
 * The connect options of a connection to an `https:` proxy: the trusted authorities and the
 * verification setting, never the client certificate or the services' name.
 */
export function proxyTls(options: TlsOptions): ConnectOptions {
  // Explicit, so that NODE_TLS_REJECT_UNAUTHORIZED cannot switch verification off behind the caller's back.
  const connect: ConnectOptions = { rejectUnauthorized: options.rejectUnauthorized !== false };
  if (options.ca !== undefined) {
    connect.ca =
      typeof options.ca === 'string' || options.ca instanceof Uint8Array
        ? toBuffer(options.ca)
        : options.ca.map(toBuffer);
  }
  return connect;
}

// Node's TLS typings ask for Buffer; a Uint8Array view is wrapped without copying.
function toBuffer(pem: Pem): string | Buffer {
  return typeof pem === 'string' ? pem : Buffer.from(pem.buffer, pem.byteOffset, pem.byteLength);
}
