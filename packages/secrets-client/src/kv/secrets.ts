// Secrets of the versioned key-value engine: read a version, write a new one (check-and-set on
// request), delete the current version, list a folder.
import { type ApiPromise, RequestValidationError, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineListOptions, EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type KeyList, listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { folderPath, secretRoute } from './path.js';
import { KvWriteRequestSchema } from './request-schemas.js';
import { type KvData, type KvSecret, KvSecretSchema, type KvVersion, KvVersionSchema } from './schemas.js';

/** Options of a key-value read. */
export interface KvReadOptions extends EngineRequestOptions {
  /** The version to read; default (or 0) the current one. */
  readonly version?: number | undefined;
}

/** Options of a key-value write. */
export interface KvWriteOptions extends EngineRequestOptions {
  /** Check-and-set: write only when the current version is this one; 0 writes only a secret that does not exist yet. */
  readonly cas?: number | undefined;
}

/**
 * GET /v1/{kv_mount}/data/:path — reads a version of a secret (default the current one). A version that
 * was deleted or destroyed, like a secret that does not exist, is a `NotFoundError`.
 */
export function readKvSecret(
  core: SecretsCore,
  path: string,
  options?: KvReadOptions,
): ApiPromise<KvSecret, SecretsMeta> {
  return sendOperation(
    core,
    () => {
      const version = options?.version;
      if (version !== undefined && !(Number.isSafeInteger(version) && version >= 0)) {
        throw new RequestValidationError('key-value read', [
          { path: 'version', message: `must be a whole version number (0: the current one), not ${version}` },
        ]);
      }
      return {
        method: 'GET',
        path: secretRoute(core, options, 'data', path),
        ...(version ? { query: { version } } : {}),
        schema: KvSecretSchema,
      };
    },
    options,
  );
}

/**
 * POST /v1/{kv_mount}/data/:path — writes a new version of a secret and resolves to it. With `cas`, the
 * service refuses the write (`BadRequestError`) unless the current version is `cas`. Not retried.
 */
export function writeKvSecret(
  core: SecretsCore,
  path: string,
  data: KvData,
  options?: KvWriteOptions,
): ApiPromise<KvVersion, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: secretRoute(core, options, 'data', path),
      body: await validateRequest(
        KvWriteRequestSchema,
        options?.cas === undefined ? { data } : { data, options: { cas: options.cas } },
        'key-value write',
      ),
      schema: KvVersionSchema,
    }),
    options,
  );
}

/** DELETE /v1/{kv_mount}/data/:path — deletes the current version of a secret (undelete restores it). */
export function deleteKvSecret(
  core: SecretsCore,
  path: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: secretRoute(core, options, 'data', path),
      schema: WriteResultSchema,
    }),
    options,
  );
}

/**
 * LIST /v1/{kv_mount}/metadata/:folder/ — the names in a folder (default the top of the mount): secrets,
 * and folders with a trailing "/".
 */
export function listKvSecrets(
  core: SecretsCore,
  folder?: string,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.kvMount, options)}/metadata/${folderPath(folder)}`, options);
}
