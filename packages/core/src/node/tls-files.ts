// Reading TLS material from disk, the usual form in which operators hand over certificates.
import { readFile } from 'node:fs/promises';
import { InfraSdkError } from '../errors.js';
import { checkOptions, type OptionKeys } from '../option-keys.js';

/** Paths of PEM files; each one is optional. */
export interface TlsFilePaths {
  /** Path of a PEM file with the certificate authorities to trust. */
  readonly ca?: string | undefined;
  /** Path of the PEM client certificate, for mutual TLS. */
  readonly cert?: string | undefined;
  /** Path of the PEM private key of `cert`. */
  readonly key?: string | undefined;
}

/** PEM text read from {@link TlsFilePaths}, ready to spread into `TlsOptions`. */
export interface TlsPemFiles {
  /** PEM text of the certificate authorities, when a path was given. */
  readonly ca?: string;
  /** PEM text of the client certificate, when a path was given. */
  readonly cert?: string;
  /** PEM text of the private key, when a path was given. */
  readonly key?: string;
}

const tlsFileKeys = { ca: 1, cert: 1, key: 1 } as const satisfies OptionKeys<TlsFilePaths>;

const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]+-----/;

/**
 * Reads CA, certificate and key files (paths) into TlsOptions, for `createNodeFetch`.
 *
 * @example
 * ```ts compile-only
 * import { createNodeFetch, readTlsFiles } from '@infra-sdk/core/node';
 *
 * const nodeFetch = createNodeFetch(await readTlsFiles({ ca: '/etc/ssl/private-ca.pem' }));
 * ```
 * @throws {InfraSdkError} when a file cannot be read or holds no PEM block (DER and PKCS#12 must be
 *   converted first); the message names the file.
 * @throws {RequestValidationError} when `files` holds a key other than `ca`, `cert` and `key`.
 */
export async function readTlsFiles(files: TlsFilePaths): Promise<TlsPemFiles> {
  checkOptions(files, tlsFileKeys, 'readTlsFiles paths');
  const [ca, cert, key] = await Promise.all([
    readPem('CA', files.ca),
    readPem('certificate', files.cert),
    readPem('key', files.key),
  ]);
  return {
    ...(ca === undefined ? {} : { ca }),
    ...(cert === undefined ? {} : { cert }),
    ...(key === undefined ? {} : { key }),
  };
}

async function readPem(label: string, path: string | undefined): Promise<string | undefined> {
  if (path === undefined) return undefined;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    const reason = (cause as { code?: unknown }).code ?? (cause as Error).message;
    throw new InfraSdkError(
      `Cannot read the TLS ${label} file ${path} (${String(reason)}); check the path and its permissions.`,
      {
        cause,
      },
    );
  }
  // DER or PKCS#12 files would otherwise fail later inside the TLS handshake with an unhelpful message.
  if (!PEM_BLOCK.test(text)) {
    throw new InfraSdkError(
      `The TLS ${label} file ${path} holds no PEM block (-----BEGIN ...-----); convert it to PEM first (for example with openssl).`,
    );
  }
  return text;
}
