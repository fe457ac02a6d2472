// The metadata of a key-value secret: every version kept, and the secret's settings.
import { type ApiPromise, sendOperation } from '@infra-sdk/core';
import type { EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { secretRoute } from './path.js';
import { type KvMetadata, KvMetadataSchema } from './schemas.js';

/** GET /v1/{kv_mount}/metadata/:path — reads the metadata of a secret: its current version and the state of each version kept. */
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
  );
}

/** DELETE /v1/{kv_mount}/metadata/:path — deletes a secret for good: its metadata and every version. */
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
  );
}
