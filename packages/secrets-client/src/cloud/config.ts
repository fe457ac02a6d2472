// The engine's root configuration and root credential rotation.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type EngineRequestOptions, engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { mountOf } from '../mount.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { CloudConfigRequestSchema } from './request-schemas.js';
import { CloudConfigSchema } from './schemas.js';
import type { CloudConfig, CloudConfigInput } from './types.generated.js';

/**
 * POST /v1/{cloud_mount}/config — writes the engine configuration (new root credentials replace the old ones).
 *
 * Root credentials come from `credentials` (the JSON of a credentials file) or, by workload identity
 * federation, from `identity_token_audience` with `service_account_email`; without either, the service uses
 * the credentials of its own environment. `ttl` and `max_ttl` bound the leases of service-account keys.
 * Only the fields given change; reads never return the credentials.
 *
 * @example
 * ```ts
 * import { writeCloudConfig } from '@infra-sdk/secrets-client';
 *
 * await writeCloudConfig(core, { ttl: '1h', max_ttl: '4h' });
 * ```
 * @throws {RequestValidationError} before sending, when a field breaks the spec (`credentials` with
 * `identity_token_audience`, a TTL that is not a duration, a rotation period under 10 seconds, period and
 * schedule together, a window under an hour or with a period), or the `mount` option is not a mount path.
 * @throws {BadRequestError} when the service refuses: `credentials` that are not JSON, or
 * `identity_token_audience` without a `service_account_email`.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the configuration.
 */
export function writeCloudConfig(
  core: SecretsCore,
  config: CloudConfigInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}/config`,
      body: await validateRequest(CloudConfigRequestSchema, config, 'cloud engine configuration'),
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{cloud_mount}/config — reads the engine configuration (without credentials).
 *
 * `ttl` and `max_ttl` come back as duration text (`'1h'`), with the identity and rotation settings.
 *
 * @example
 * ```ts
 * import { readCloudConfig } from '@infra-sdk/secrets-client';
 *
 * await secrets.cloud.config.write({ ttl: '1h', max_ttl: '4h' });
 * const config = await readCloudConfig(core);
 * console.log(config.ttl, config.max_ttl); // '1h' '4h'
 * ```
 * @throws {RequestValidationError} before sending, when the `mount` option is not a mount path.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the configuration.
 * @throws {NotFoundError} when no engine is mounted at the mount path.
 */
export function readCloudConfig(
  core: SecretsCore,
  options?: EngineRequestOptions,
): ApiPromise<CloudConfig, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.cloudMount, options)}/config`,
      schema: CloudConfigSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * POST /v1/{cloud_mount}/config/rotate-root — replaces the root key of the configured service account.
 *
 * The service creates a new key for the account, keeps it, and schedules the old key's deletion; it creates
 * no new account. Valid only when the root credentials were written through `credentials`, and the account
 * may create and delete its keys.
 *
 * @example
 * ```ts compile-only
 * import { rotateCloudRoot } from '@infra-sdk/secrets-client';
 *
 * // CLOUD_CREDENTIALS holds the JSON of a key file of the service account
 * await secrets.cloud.config.write({ credentials: process.env.CLOUD_CREDENTIALS });
 * await rotateCloudRoot(core); // a new key replaces it; the old one is scheduled for deletion
 * ```
 * @throws {BadRequestError} when the root credentials were not configured through `credentials`.
 * @throws {RequestValidationError} before sending, when the `mount` option is not a mount path.
 * @throws {PermissionDeniedError} when the token's policy does not allow rotating the root credentials.
 */
export function rotateCloudRoot(
  core: SecretsCore,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}/config/rotate-root`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}
