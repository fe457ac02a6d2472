// The sync configuration; callable from the root or the administrative namespace only.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { SyncConfigRequestSchema } from './request-schemas.js';
import { SyncConfigSchema } from './schemas.js';
import type { SyncConfig, SyncConfigInput } from './types.generated.js';

/**
 * PATCH /v1/sys/sync/config — changes the sync configuration; re-enabling processes the PENDING operations.
 *
 * `disabled: true` suspends syncing: what associations trigger then waits as `PENDING` until syncing is
 * enabled again. `queue_capacity` bounds the pending operations (default 1 000 000). Only the fields given
 * change; the answer is the configuration after the change. In the root or the administrative namespace only.
 *
 * @example
 * ```ts
 * import { updateSyncConfig } from '@infra-sdk/secrets-client';
 *
 * const config = await updateSyncConfig(core, { disabled: true });
 * console.log(config.disabled); // true
 * ```
 * @throws {RequestValidationError} before sending, when `disabled` is not a boolean (or `"true"`/`"false"`),
 * or `queue_capacity` is not a whole number of at least 1.
 * @throws {BadRequestError} when the call's namespace is neither the root nor the administrative namespace.
 * @throws {PermissionDeniedError} when the token's policy does not allow changing the sync configuration.
 */
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
    secretsRequestOptionKeys,
  );
}

/**
 * GET /v1/sys/sync/config — reads the sync configuration.
 *
 * In the root or the administrative namespace only.
 *
 * @example
 * ```ts
 * import { readSyncConfig } from '@infra-sdk/secrets-client';
 *
 * const { disabled, queue_capacity } = await readSyncConfig(core);
 * console.log(disabled, queue_capacity); // false 1000000
 * ```
 * @throws {BadRequestError} when the call's namespace is neither the root nor the administrative namespace.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the sync configuration.
 */
export function readSyncConfig(
  core: SecretsCore,
  options?: SecretsRequestOptions,
): ApiPromise<SyncConfig, SecretsMeta> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: '/sys/sync/config', schema: SyncConfigSchema }),
    options,
    secretsRequestOptionKeys,
  );
}
