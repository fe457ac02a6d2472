// The metadata of a key-value secret: every version kept, and the secret's settings.
import { type ApiPromise, sendOperation } from '@infra-sdk/core';
import { type EngineRequestOptions, engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { secretRoute } from './path.js';
import { KvMetadataSchema } from './schemas.js';
import type { KvMetadata } from './types.generated.js';

/**
 * `GET /v1/{kv_mount}/metadata/:path`: reads the metadata of a secret: its current and oldest version,
 * its settings, and the state of each version kept (created, deleted, destroyed).
 *
 * @example
 * ```ts
 * import { readKvMetadata, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app' });
 * const metadata = await readKvMetadata(core, 'app/db');
 * console.log(metadata.current_version, metadata.versions['1']?.destroyed);
 * ```
 * @throws {NotFoundError} when the secret does not exist.
 * @throws {RequestValidationError} before sending, when the path is not a secret path.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the path's metadata.
 */
export function readKvMetadata(
  core: SecretsCore,
  path: string,
  options?: EngineRequestOptions,
): ApiPromise<KvMetadata, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: secretRoute(core, options, 'metadata', path),
      schema: KvMetadataSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * `DELETE /v1/{kv_mount}/metadata/:path`: deletes a secret for good: its metadata and every version.
 * A secret that does not exist is not an error.
 *
 * @example
 * ```ts
 * import { deleteKvMetadata, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app' });
 * await deleteKvMetadata(core, 'app/db');
 * ```
 * @throws {RequestValidationError} before sending, when the path is not a secret path.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the path's metadata.
 */
export function deleteKvMetadata(
  core: SecretsCore,
  path: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: secretRoute(core, options, 'metadata', path),
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}
