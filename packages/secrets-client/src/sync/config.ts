// The sync configuration; callable from the root or the administrative namespace only.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type SyncConfigInput, SyncConfigRequestSchema } from './request-schemas.js';
import { type SyncConfig, SyncConfigSchema } from './schemas.js';

/** PATCH /v1/sys/sync/config — changes the sync configuration; re-enabling processes the PENDING operations. */
export function updateSyncConfig(
  core: SecretsCore,
  config: SyncConfigInput,
  options?: SecretsRequestOptions,
): ApiPromise<SyncConfig, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'PATCH',
      path: '/sys/sync/config',
      body: await validateRequest(SyncConfigRequestSchema, config, 'sync configuration'),
      schema: SyncConfigSchema,
    }),
    options,
  );
}

/** GET /v1/sys/sync/config — reads the sync configuration. */
export function readSyncConfig(
  core: SecretsCore,
  options?: SecretsRequestOptions,
): ApiPromise<SyncConfig, SecretsMeta> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: '/sys/sync/config', schema: SyncConfigSchema }),
    options,
  );
}
