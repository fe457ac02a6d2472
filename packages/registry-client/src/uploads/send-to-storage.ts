// One attempt at putting the asset to storage, as a stream or as a Blob.
import type { ResponseMeta } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { sendBlob } from './send-blob.js';
import { sendStream } from './send-stream.js';
import type { StorageAttempt } from './storage-attempt.js';
import type { OpenableSource } from './upload-source.js';

/** Sends the source to `uploadPath`; resolves with the bytes sent once storage answered 2xx. */
export function sendToStorage(
  core: RegistryCore,
  uploadPath: string,
  source: OpenableSource,
  attempt: StorageAttempt,
): Promise<{ bytes: number; meta: ResponseMeta }> {
  return attempt.stream
    ? sendStream(core, uploadPath, source, attempt)
    : sendBlob(core, uploadPath, source, attempt);
}
