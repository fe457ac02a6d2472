export { type BoxDownload, downloadBox } from './download-box.js';
export { type DownloadOptions, type DownloadSettings, DownloadSettingsSchema } from './download-options.js';
