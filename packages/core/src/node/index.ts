export type { Pem, TlsFetch, TlsOptions } from './tls.js';
export { createTlsFetch } from './tls.js';
export type { TlsFilePaths, TlsPemFiles } from './tls-files.js';
export { readTlsFiles } from './tls-files.js';
