export {
  type BoxDownload,
  downloadBox,
} from './download-box.js';
export type {
  DownloadOptions,
  DownloadSettings,
} from './types.generated.js';
