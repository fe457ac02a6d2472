export { type BoxDownload, downloadBox } from './download-box.js';
export type { DownloadOptions } from './download-options.js';
