/**
 * Node-only helpers: a fetch that uses custom TLS settings (CA, client certificate) and reading PEM files from disk.
 *
 * @module @infra-sdk/core/node
 */
export type { Pem, TlsFetch, TlsOptions } from './tls.js';
export { createTlsFetch } from './tls.js';
export type { TlsFilePaths, TlsPemFiles } from './tls-files.js';
export { readTlsFiles } from './tls-files.js';
