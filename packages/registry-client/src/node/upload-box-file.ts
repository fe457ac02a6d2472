import { ApiPromise } from '@infra-sdk/core';
import type { ProviderRef } from '../paths.js';
import type { UploadOptions } from '../uploads/types.generated.js';
import { type UploadResult, uploadOpenable } from '../uploads/upload-box.js';
import { openBoxFile } from './box-file.js';
import { fileSource } from './file-source.js';
import { coreOf, type RegistryHandle } from './registry-handle.js';

/**
 * `GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload` (or `.../upload/direct`),
 * then `PUT {upload_path}` of the file: uploads a box file from a path, read 64 KiB at a time, and from
 * its first byte again when storage fails an attempt.
 *
 * Takes a client or a core, and the options of `uploads.upload` (`checksum`, `direct`, `onProgress`,
 * `attempts`, ...). The file is opened first, so a missing one fails before anything is sent.
 *
 * @example
 * ```ts
 * import { mkdtemp, writeFile } from 'node:fs/promises';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { uploadBoxFile } from '@infra-sdk/registry-client/node';
 *
 * const path = join(await mkdtemp(join(tmpdir(), 'box-')), 'tools-virtualbox.box');
 * await writeFile(path, new Uint8Array(128 * 1024)); // stands for the box your build made
 * await registry.boxes.create({ username: 'myorg', name: 'tools' });
 * await registry.versions.create('myorg/tools', { version: '1.0.0' });
 * await registry.providers.create('myorg/tools', '1.0.0', { name: 'virtualbox' });
 * const result = await uploadBoxFile(registry, 'myorg/tools', '1.0.0', 'virtualbox', path, { checksum: 'sha256' });
 * console.log(result.bytes, result.checksum_type); // 131072 sha256
 * ```
 * @throws {InfraSdkError} when the file cannot be read (named in the message), before anything is sent; or as
 *   for `uploads.upload` (a storage redirect, a callback outside `baseUrl`).
 * @throws {UploadAttemptsError} when storage failed every attempt; the box was not stored.
 * @throws {UploadIncompleteError} when storage took the box but the callback or setting the checksum failed.
 * @throws {TimeoutError} when no bytes move for `idleTimeout` ms.
 * @throws {RequestValidationError} before sending, for an invalid option, tag, version or provider.
 * @throws {NotFoundError | UnauthorizedError | DisallowedUseError} from the registry calls, as for `uploads.upload`.
 */
export function uploadBoxFile(
  registry: RegistryHandle,
  tag: string,
  version: string,
  provider: ProviderRef,
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
