// The `uploads` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { downloadBox } from '../downloads/download-box.js';
import { completeDirectUpload } from './complete-direct-upload.js';
import { prepareDirectUpload } from './prepare-direct-upload.js';
import { prepareUpload } from './prepare-upload.js';
import { uploadBox } from './upload-box.js';

/** The operations of `client.uploads`: box uploads and downloads. */
export const uploadOperations = {
  prepare: prepareUpload,
  prepareDirect: prepareDirectUpload,
  completeDirect: completeDirectUpload,
  upload: uploadBox,
  download: downloadBox,
} as const;

/** `client.uploads`: each upload and download operation bound to the client's core. */
export interface UploadsGroup extends BoundGroup<RegistryCore, typeof uploadOperations> {}

/** Builds `client.uploads`. */
export function uploadsGroup(core: RegistryCore): UploadsGroup {
  return bindOperations(core, uploadOperations);
}
