export { openBoxFile } from './box-file.js';
export { downloadBoxFile, type SavedBox, saveBoxDownload } from './download-box-file.js';
export type { RegistryHandle } from './registry-handle.js';
export { uploadBoxFile } from './upload-box-file.js';
