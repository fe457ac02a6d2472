// Versions of a key-value secret: deleted (hidden from reads, restorable), undeleted, or destroyed (their
// data gone for good).
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type EngineRequestOptions, engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { secretRoute } from './path.js';
import { KvVersionsRequestSchema } from './request-schemas.js';

/** POST /v1/{kv_mount}/:action/:path with `{ versions }`: the three version changes. */
function changeVersions(
  action: 'delete' | 'undelete' | 'destroy',
  core: SecretsCore,
  path: string,
  versions: readonly number[],
  options: EngineRequestOptions | undefined,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: secretRoute(core, options, action, path),
      body: await validateRequest(KvVersionsRequestSchema, { versions }, `key-value ${action}`),
      schema: WriteResultSchema,
      // Marking the same versions twice changes nothing more, so a lost answer may be retried.
      idempotent: true,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * `POST /v1/{kv_mount}/delete/:path`: deletes versions of a secret: reads no longer return them,
 * `undeleteKvVersions` restores them. Versions that do not exist are ignored, as the service does.
 * Retried like a read: marking the same versions twice changes nothing.
 *
 * @example
 * ```ts
 * import { deleteKvVersions, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app' });
 * await writeKvSecret(core, 'app/db', { user: 'app2' });
 * await deleteKvVersions(core, 'app/db', [1]);
 * ```
 * @throws {RequestValidationError} before sending, when the path is not a secret path or `versions` is
 *   empty or holds anything but whole numbers from 1.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing to `delete/` of the path.
 */
export function deleteKvVersions(
  core: SecretsCore,
  path: string,
  versions: readonly number[],
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return changeVersions('delete', core, path, versions, options);
}

/**
 * `POST /v1/{kv_mount}/undelete/:path`: restores deleted versions of a secret; destroyed ones stay
 * destroyed, and versions that do not exist are ignored. Retried like a read.
 *
 * @example
 * ```ts
 * import { deleteKvSecret, readKvSecret, undeleteKvVersions, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app' });
 * await deleteKvSecret(core, 'app/db');
 * await undeleteKvVersions(core, 'app/db', [1]);
 * console.log((await readKvSecret(core, 'app/db')).data); // { user: 'app' }
 * ```
 * @throws {RequestValidationError} before sending, when the path is not a secret path or `versions` is
 *   empty or holds anything but whole numbers from 1.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing to `undelete/` of the path.
 */
export function undeleteKvVersions(
  core: SecretsCore,
  path: string,
  versions: readonly number[],
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return changeVersions('undelete', core, path, versions, options);
}

/**
 * `POST /v1/{kv_mount}/destroy/:path`: destroys versions of a secret: their data is gone for good (the
 * metadata keeps them, marked `destroyed`). Versions that do not exist are ignored. Retried like a read.
 *
 * @example
 * ```ts
 * import { destroyKvVersions, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { password: 'old' });
 * await writeKvSecret(core, 'app/db', { password: 'new' });
 * await destroyKvVersions(core, 'app/db', [1]);
 * ```
 * @throws {RequestValidationError} before sending, when the path is not a secret path or `versions` is
 *   empty or holds anything but whole numbers from 1.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing to `destroy/` of the path.
 */
export function destroyKvVersions(
  core: SecretsCore,
  path: string,
  versions: readonly number[],
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return changeVersions('destroy', core, path, versions, options);
}
