// The settings of a secret, apart from its versions: how many are kept, whether writes must check and
// set, when versions are deleted, and its custom metadata.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type EngineRequestOptions, engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { mountOf } from '../mount.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { MERGE_PATCH } from './patch.js';
import { secretPath } from './path.js';
import { KvMetadataRequestSchema } from './request-schemas.js';
import type { KvMetadataRequest } from './types.generated.js';

function metadataRoute(core: SecretsCore, options: EngineRequestOptions | undefined, path: string): string {
  return `/${mountOf(core.kvMount, options)}/metadata/${secretPath(path)}`;
}

/**
 * `POST /v1/{kv_mount}/metadata/:path`: sets the settings of a secret (creating it without a version
 * when it does not exist): `max_versions`, `cas_required`, `delete_version_after` (seconds or duration
 * text), `custom_metadata` (replaced as a whole). Fields left out keep the service's defaults. Retried
 * like a read: the same settings twice are the same settings.
 *
 * @example
 * ```ts
 * import { writeKvMetadata } from '@infra-sdk/secrets-client';
 *
 * await writeKvMetadata(core, 'app/db', { max_versions: 5, cas_required: true, custom_metadata: { owner: 'orders' } });
 * ```
 * @throws {RequestValidationError} before sending, when the path is not a secret path or a field is
 *   unknown or of the wrong type.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the path's metadata.
 */
export function writeKvMetadata(
  core: SecretsCore,
  path: string,
  settings: KvMetadataRequest,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: metadataRoute(core, options, path),
      body: await validateRequest(KvMetadataRequestSchema, settings, 'key-value metadata'),
      schema: WriteResultSchema,
      idempotent: true,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * `PATCH /v1/{kv_mount}/metadata/:path`: changes only the settings given (a merge patch, sent as
 * `application/merge-patch+json`); in `custom_metadata`, a name set to null is removed and the others
 * are kept. Retried like a read.
 *
 * @example
 * ```ts
 * import { patchKvMetadata, writeKvMetadata } from '@infra-sdk/secrets-client';
 *
 * await writeKvMetadata(core, 'app/db', { custom_metadata: { owner: 'orders', retired: 'no' } });
 * await patchKvMetadata(core, 'app/db', { delete_version_after: '720h', custom_metadata: { retired: null } });
 * ```
 * @throws {NotFoundError} when the secret does not exist.
 * @throws {RequestValidationError} before sending, when the path is not a secret path or a field is
 *   unknown or of the wrong type.
 * @throws {PermissionDeniedError} when the token's policy does not allow `patch` on the path's metadata.
 */
export function patchKvMetadata(
  core: SecretsCore,
  path: string,
  settings: KvMetadataRequest,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'PATCH',
      path: metadataRoute(core, options, path),
      headers: { 'content-type': MERGE_PATCH },
      body: await validateRequest(KvMetadataRequestSchema, settings, 'key-value metadata'),
      schema: WriteResultSchema,
      idempotent: true,
    }),
    options,
    engineRequestOptionKeys,
  );
}
