/**
 * Node-only: the transport of the clients in Node (custom TLS, a proxy, the connection pool), and reading PEM files from disk.
 *
 * @module @infra-sdk/core/node
 */
export { createNodeFetch, type NodeFetch, type NodeFetchOptions } from './node-fetch.js';
export type { Pem, TlsOptions } from './tls.js';
export type { TlsFilePaths, TlsPemFiles } from './tls-files.js';
export { readTlsFiles } from './tls-files.js';
