// The engine's root configuration and root credential rotation.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { mountOf } from '../mount.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { type CloudConfigInput, CloudConfigRequestSchema } from './request-schemas.js';
import { type CloudConfig, CloudConfigSchema } from './schemas.js';

/** POST /v1/{cloud_mount}/config — writes the engine configuration (new root credentials replace the old ones). */
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
  );
}

/** GET /v1/{cloud_mount}/config — reads the engine configuration (without credentials). */
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
  );
}

/** POST /v1/{cloud_mount}/config/rotate-root — replaces the root key of the configured service account. */
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
  );
}
