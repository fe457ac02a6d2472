// Secrets of the versioned key-value engine: read a version, write a new one (check-and-set on
// request), delete the current version, list a folder.
import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  RequestValidationError,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import {
  type EngineListOptions,
  type EngineRequestOptions,
  engineRequestOptionKeys,
} from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import type { KeyList, WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { folderPath, secretRoute } from './path.js';
import { KvWriteRequestSchema } from './request-schemas.js';
import { KvSecretSchema, KvVersionSchema } from './schemas.js';
import type { KvData, KvSecret, KvVersion } from './types.generated.js';

/** Options of a key-value read. */
export interface KvReadOptions extends EngineRequestOptions {
  /** The version to read; default (or 0) the current one. */
  readonly version?: number | undefined;
}

/** The keys of `KvReadOptions`. */
export const kvReadOptionKeys: KeySets = [
  engineRequestOptionKeys,
  { version: 1 } as const satisfies OwnOptionKeys<KvReadOptions, EngineRequestOptions>,
];

/** Options of a key-value write. */
export interface KvWriteOptions extends EngineRequestOptions {
  /** Check-and-set: write only when the current version is this one; 0 writes only a secret that does not exist yet. */
  readonly cas?: number | undefined;
}

/** The keys of `KvWriteOptions`. */
export const kvWriteOptionKeys: KeySets = [
  engineRequestOptionKeys,
  { cas: 1 } as const satisfies OwnOptionKeys<KvWriteOptions, EngineRequestOptions>,
];

/**
 * `GET /v1/{kv_mount}/data/:path`: reads a version of a secret, its data and that version's metadata.
 *
 * @example
 * ```ts
 * import { readKvSecret, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app', port: 5432 });
 * const { data, metadata } = await readKvSecret(core, 'app/db');
 * console.log(data.user, metadata.version);
 * ```
 * @throws {NotFoundError} when the secret does not exist, or the version asked for was deleted or destroyed.
 * @throws {RequestValidationError} before sending, when the path is empty or has an empty, `.` or `..`
 *   part, a part holds `%` or a control character, or `version` is not a whole number.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the path.
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
    kvReadOptionKeys,
  );
}

/**
 * `POST /v1/{kv_mount}/data/:path`: writes a new version of a secret (creating the secret on its first
 * write) and resolves to that version's number and times. Not retried: a repeat would add a version.
 *
 * @example
 * ```ts
 * import { writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * const first = await writeKvSecret(core, 'app/db', { user: 'app', port: 5432 });
 * const second = await writeKvSecret(core, 'app/db', { user: 'app', port: 6543 }, { cas: first.version });
 * console.log(second.version); // 2
 * ```
 * @throws {BadRequestError} when `cas` is not the current version (the service's 400, not a 409).
 * @throws {RequestValidationError} before sending, when the path is not a secret path, `data` is not an
 *   object, `cas` is not a whole number of 0 or more, or the body is over `maxRequestBytes`.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the path.
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
    kvWriteOptionKeys,
  );
}

/**
 * `DELETE /v1/{kv_mount}/data/:path`: deletes the current version of a secret: reads no longer return
 * it, `undeleteKvVersions` restores it. A secret that does not exist is not an error.
 *
 * @example
 * ```ts
 * import { deleteKvSecret, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app' });
 * await deleteKvSecret(core, 'app/db');
 * ```
 * @throws {RequestValidationError} before sending, when the path is not a secret path.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the path.
 */
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
    engineRequestOptionKeys,
  );
}

/**
 * `LIST /v1/{kv_mount}/metadata/:folder/`: lists the names in a folder (default the top of the mount):
 * secrets, and folders with a trailing "/". An empty or unknown folder lists no keys.
 *
 * @example
 * ```ts
 * import { listKvSecrets, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app' });
 * const { keys } = await listKvSecrets(core, 'app');
 * console.log(keys); // ['db']
 * ```
 * @throws {RequestValidationError} before sending, when the folder has an empty, `.` or `..` part, or
 *   a part holds `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing the folder.
 */
export function listKvSecrets(
  core: SecretsCore,
  folder?: string,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.kvMount, options)}/metadata/${folderPath(folder)}`, options);
}
