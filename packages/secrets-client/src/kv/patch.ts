// Changing part of a secret without reading it: a merge patch of the current version's data, and the
// names a version holds without its values.
import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import { type EngineRequestOptions, engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { secretRoute } from './path.js';
import { KvWriteRequestSchema, SubkeysQuerySchema } from './request-schemas.js';
import { KvSubkeysSchema, KvVersionSchema } from './schemas.js';
import type { KvData, KvSubkeys, KvVersion } from './types.generated.js';

/** The content type of a merge patch (RFC 7386), which the service requires of every PATCH. */
export const MERGE_PATCH = 'application/merge-patch+json';

/** Options of `patchKvSecret`. */
export interface KvPatchOptions extends EngineRequestOptions {
  /** Check-and-set: patch only when the current version is this one. */
  readonly cas?: number | undefined;
}

/** The keys of `KvPatchOptions`. */
export const kvPatchOptionKeys: KeySets = [
  engineRequestOptionKeys,
  { cas: 1 } as const satisfies OwnOptionKeys<KvPatchOptions, EngineRequestOptions>,
];

/** Options of `readKvSubkeys`. */
export interface KvSubkeysOptions extends EngineRequestOptions {
  /** The version (default the current one). */
  readonly version?: number | undefined;
  /** How deep to go into nested objects; 0 (the default): all the way. */
  readonly depth?: number | undefined;
}

/** The keys of `KvSubkeysOptions`. */
export const kvSubkeysOptionKeys: KeySets = [
  engineRequestOptionKeys,
  { version: 1, depth: 1 } as const satisfies OwnOptionKeys<KvSubkeysOptions, EngineRequestOptions>,
];

/**
 * `PATCH /v1/{kv_mount}/data/:path`: writes a new version made of the current one with `patch` merged
 * in (RFC 7386: a name set to null is removed, nested objects are merged), sent as
 * `application/merge-patch+json`. Resolves to the new version's number and times. Not retried.
 *
 * @example
 * ```ts
 * import { patchKvSecret, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app', port: 5432, legacy: true });
 * const version = await patchKvSecret(core, 'app/db', { port: 6543, legacy: null }, { cas: 1 });
 * console.log(version.version); // 2
 * ```
 * @throws {NotFoundError} when the secret has no readable current version (none, deleted or destroyed).
 * @throws {BadRequestError} when `cas` is not the current version.
 * @throws {RequestValidationError} before sending, when the path is not a secret path, `patch` is not an
 *   object, or `cas` is not a whole number of 0 or more.
 * @throws {PermissionDeniedError} when the token's policy does not allow `patch` on the path.
 */
export function patchKvSecret(
  core: SecretsCore,
  path: string,
  patch: KvData,
  options?: KvPatchOptions,
): ApiPromise<KvVersion, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'PATCH',
      path: secretRoute(core, options, 'data', path),
      headers: { 'content-type': MERGE_PATCH },
      body: await validateRequest(
        KvWriteRequestSchema,
        options?.cas === undefined ? { data: patch } : { data: patch, options: { cas: options.cas } },
        'key-value patch',
      ),
      schema: KvVersionSchema,
    }),
    options,
    kvPatchOptionKeys,
  );
}

/**
 * `GET /v1/{kv_mount}/subkeys/:path`: the names a version of a secret holds, without their values
 * (nested objects kept as objects to `depth`, every other value null), and the version's metadata.
 *
 * @example
 * ```ts
 * import { readKvSubkeys, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * await writeKvSecret(core, 'app/db', { user: 'app', tls: { cert: '-----BEGIN CERTIFICATE-----' } });
 * const { subkeys } = await readKvSubkeys(core, 'app/db');
 * console.log(subkeys); // { user: null, tls: { cert: null } }
 * ```
 * @throws {NotFoundError} when the secret or version does not exist, or is deleted or destroyed.
 * @throws {RequestValidationError} before sending, when the path is not a secret path, or `version` or
 *   `depth` is not a whole number (from 1 and 0).
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the path's subkeys.
 */
export function readKvSubkeys(
  core: SecretsCore,
  path: string,
  options?: KvSubkeysOptions,
): ApiPromise<KvSubkeys, SecretsMeta> {
  const { version, depth, ...request } = options ?? {};
  return sendOperation(
    core,
    async () => {
      const query = await validateRequest(SubkeysQuerySchema, { version, depth }, 'subkeys query');
      return {
        method: 'GET',
        path: secretRoute(core, options, 'subkeys', path),
        query,
        schema: KvSubkeysSchema,
      };
    },
    request,
    kvSubkeysOptionKeys,
  );
}
