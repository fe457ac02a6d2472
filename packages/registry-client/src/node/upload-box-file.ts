import { ApiPromise } from '@infra-sdk/core';
import { type UploadResult, uploadBox } from '../uploads/upload-box.js';
import type { UploadOptions } from '../uploads/upload-options.js';
import { openBoxFile } from './box-file.js';
import { coreOf, type RegistryHandle } from './registry-handle.js';

/** GET .../provider/:provider/upload (or upload/direct), then PUT the file — uploads a box file from a path, streamed. */
export function uploadBoxFile(
  registry: RegistryHandle,
  tag: string,
  version: string,
  provider: string,
  path: string,
  options?: UploadOptions,
): ApiPromise<UploadResult> {
  return new ApiPromise(
    (async () =>
      uploadBox(coreOf(registry), tag, version, provider, await openBoxFile(path), options).withMeta())(),
  );
}
