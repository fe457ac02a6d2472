export { completeDirectUpload } from './complete-direct-upload.js';
export { DIRECT_UPLOAD_MAX_BYTES } from './direct-upload-limit.js';
export {
  type EarlyAnswer,
  EarlyStorageAnswerError,
} from './early-answer-error.js';
export { type UploadsGroup, uploadOperations, uploadsGroup } from './group.js';
export { prepareDirectUpload } from './prepare-direct-upload.js';
export { prepareUpload } from './prepare-upload.js';
export type {
  DirectUploadPreparation,
  UploadOptions,
  UploadPreparation,
  UploadSettings,
} from './types.generated.js';
export {
  type UploadAttemptFailure,
  UploadAttemptsError,
} from './upload-attempts-error.js';
export {
  type UploadResult,
  uploadBox,
} from './upload-box.js';
export {
  UploadAddressError,
  UploadIncompleteError,
} from './upload-errors.js';
export { MAX_STORAGE_RETRY_AFTER_MS } from './upload-retries.js';
export type { UploadRetry, UploadRetryListener } from './upload-retry.js';
export type { UploadSource } from './upload-source.js';
