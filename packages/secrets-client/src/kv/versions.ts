// Versions of a key-value secret: deleted (hidden from reads, restorable), undeleted, or destroyed (their
// data gone for good).
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
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
  );
}

/** POST /v1/{kv_mount}/delete/:path — deletes versions of a secret: reads no longer return them, `undelete` restores them. */
export function deleteKvVersions(
  core: SecretsCore,
  path: string,
  versions: readonly number[],
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return changeVersions('delete', core, path, versions, options);
}

/** POST /v1/{kv_mount}/undelete/:path — restores deleted versions of a secret (destroyed ones stay destroyed). */
export function undeleteKvVersions(
  core: SecretsCore,
  path: string,
  versions: readonly number[],
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return changeVersions('undelete', core, path, versions, options);
}

/** POST /v1/{kv_mount}/destroy/:path — destroys versions of a secret: their data is gone for good. */
export function destroyKvVersions(
  core: SecretsCore,
  path: string,
  versions: readonly number[],
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return changeVersions('destroy', core, path, versions, options);
}
