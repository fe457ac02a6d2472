// The engine's root configuration and root credential rotation.
import type { ApiPromise } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import type { EngineRequestOptions } from '../options.js';
import { mountOf, send } from '../send.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import {
  type CloudConfig,
  type CloudConfigInput,
  CloudConfigRequestSchema,
  CloudConfigSchema,
} from './schemas.js';

/** POST /v1/{cloud_mount}/config — writes the engine configuration (new root credentials replace the old ones). */
export function writeCloudConfig(
  core: SecretsCore,
  config: CloudConfigInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return send(core, options, () => ({
    method: 'POST',
    path: `/${mountOf(core.cloudMount, options)}/config`,
    body: { schema: CloudConfigRequestSchema, value: config, what: 'cloud engine configuration' },
    response: WriteResultSchema,
  }));
}

/** GET /v1/{cloud_mount}/config — reads the engine configuration (without credentials). */
export function readCloudConfig(
  core: SecretsCore,
  options?: EngineRequestOptions,
): ApiPromise<CloudConfig, SecretsMeta> {
  return send(core, options, () => ({
    method: 'GET',
    path: `/${mountOf(core.cloudMount, options)}/config`,
    response: CloudConfigSchema,
  }));
}

/** POST /v1/{cloud_mount}/config/rotate-root — replaces the root key of the configured service account. */
export function rotateCloudRoot(
  core: SecretsCore,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return send(core, options, () => ({
    method: 'POST',
    path: `/${mountOf(core.cloudMount, options)}/config/rotate-root`,
    response: WriteResultSchema,
  }));
}
