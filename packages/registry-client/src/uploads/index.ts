export { completeDirectUpload } from './complete-direct-upload.js';
export { prepareDirectUpload } from './prepare-direct-upload.js';
export { prepareUpload } from './prepare-upload.js';
export {
  type DirectUploadPreparation,
  DirectUploadPreparationSchema,
  type UploadPreparation,
  UploadPreparationSchema,
} from './schemas.js';
export { type UploadResult, uploadBox } from './upload-box.js';
export { UploadAddressError, UploadIncompleteError } from './upload-errors.js';
export type { UploadOptions } from './upload-options.js';
export type { UploadSource } from './upload-source.js';
