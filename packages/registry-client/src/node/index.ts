/**
 * Node-only helpers of the registry client: open a box file, upload a box from disk and save a download to a file.
 *
 * @module @infra-sdk/registry-client/node
 */
export { openBoxFile } from './box-file.js';
export { downloadBoxFile, type SavedBox, saveBoxDownload } from './download-box-file.js';
export type { RegistryHandle } from './registry-handle.js';
export { uploadBoxFile } from './upload-box-file.js';
