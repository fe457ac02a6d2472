import { ApiPromise } from '@infra-sdk/core';
import { type UploadResult, uploadOpenable } from '../uploads/upload-box.js';
import type { UploadOptions } from '../uploads/upload-options.js';
import { openBoxFile } from './box-file.js';
import { fileSource } from './file-source.js';
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
    (async () => {
      // Opened first, so that a missing or unreadable file is named before anything is sent.
      const blob = await openBoxFile(path);
      return uploadOpenable(
        coreOf(registry),
        tag,
        version,
        provider,
        () => fileSource(path, blob),
        options,
      ).withMeta();
    })(),
  );
}
