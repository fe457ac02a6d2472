// `?help=1` on any path returns its help text and a small OpenAPI document for it and the paths below.
import {
  ApiPromise,
  checkOptions,
  type KeySets,
  RequestValidationError,
  sendRawRequest,
} from '@infra-sdk/core';
import {
  type EngineRequestOptions,
  engineRequestOptionKeys,
  type SecretsRequestOptions,
  secretsRequestOptionKeys,
} from './call-options.js';
import type { SecretsCore } from './core.js';
import { type SecretsMeta, unwrapEnvelope } from './envelope.js';
import { HelpSchema } from './help-schema.js';
import { mountOf } from './mount.js';
import type { Help } from './types.generated.js';

/**
 * `GET /v1/:path?help=1`: reads the help text (markdown) and the OpenAPI document of any path
 * (`/gcp/config`, `/sys/sync`); the answer has no envelope, so its metadata has no lease.
 *
 * @example
 * ```ts
 * import { readHelp } from '@infra-sdk/secrets-client';
 *
 * const { help, openapi } = await readHelp(core, '/database');
 * console.log(help.length > 0, openapi !== undefined);
 * ```
 * @throws {RequestValidationError} before sending, when the path is not a string, or has `.`/`..`
 *   segments, `?` or `#`.
 * @throws {NotFoundError} when nothing is mounted at the path.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the path.
 */
export function readHelp(
  core: SecretsCore,
  path: string,
  options?: SecretsRequestOptions,
): ApiPromise<Help, SecretsMeta> {
  return helpOf(core, () => path, options, secretsRequestOptionKeys);
}

/**
 * `GET /v1/{cloud_mount}?help=1`: reads the help text and OpenAPI document of the cloud-credentials
 * engine's mount.
 *
 * @example
 * ```ts
 * import { readCloudHelp } from '@infra-sdk/secrets-client';
 *
 * const { help } = await readCloudHelp(core);
 * console.log(help.length > 0);
 * ```
 * @throws {RequestValidationError} before sending, when `mount` has an empty, `.` or `..` segment.
 * @throws {NotFoundError} when nothing is mounted there.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the mount.
 */
export function readCloudHelp(
  core: SecretsCore,
  options?: EngineRequestOptions,
): ApiPromise<Help, SecretsMeta> {
  return helpOf(core, () => `/${mountOf(core.cloudMount, options)}`, options, engineRequestOptionKeys);
}

/**
 * `GET /v1/{db_mount}?help=1`: reads the help text and OpenAPI document of the database engine's mount.
 *
 * @example
 * ```ts
 * import { readDatabaseHelp } from '@infra-sdk/secrets-client';
 *
 * const { help, openapi } = await readDatabaseHelp(core);
 * console.log(help.length > 0, openapi !== undefined);
 * ```
 * @throws {RequestValidationError} before sending, when `mount` has an empty, `.` or `..` segment.
 * @throws {NotFoundError} when nothing is mounted there.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the mount.
 */
export function readDatabaseHelp(
  core: SecretsCore,
  options?: EngineRequestOptions,
): ApiPromise<Help, SecretsMeta> {
  return helpOf(core, () => `/${mountOf(core.databaseMount, options)}`, options, engineRequestOptionKeys);
}

/**
 * `GET /v1/sys/sync?help=1`: reads the help text and OpenAPI document of secret sync.
 *
 * @example
 * ```ts
 * import { readSyncHelp } from '@infra-sdk/secrets-client';
 *
 * const { help } = await readSyncHelp(core);
 * console.log(help.length > 0);
 * ```
 * @throws {PermissionDeniedError} when the token's policy does not allow reading `sys/sync`.
 */
export function readSyncHelp(
  core: SecretsCore,
  options?: SecretsRequestOptions,
): ApiPromise<Help, SecretsMeta> {
  return helpOf(core, () => '/sys/sync', options, secretsRequestOptionKeys);
}

function helpOf(
  core: SecretsCore,
  pathOf: () => string,
  options: EngineRequestOptions | undefined,
  optionKeys: KeySets,
): ApiPromise<Help, SecretsMeta> {
  let path: string;
  let call: SecretsRequestOptions | undefined;
  try {
    checkOptions(options, optionKeys, 'request options');
    path = pathOf();
    // The mount is in the path already; a raw request takes only the per-call options.
    const { mount: _mount, ...rest } = options ?? {};
    call = rest;
    if (typeof path !== 'string') {
      throw new RequestValidationError('help path', [
        { path: 'path', message: `must be a string, got ${path === null ? 'null' : typeof path}` },
      ]);
    }
  } catch (error) {
    // A bad mount or option rejects the promise like any other bad input.
    return new ApiPromise(Promise.reject(error));
  }
  // Core's raw request refuses a path that could leave /v1 (".", "..", "?", "#"), as for `request()`.
  // The help answer is the body itself, without the usual envelope: its metadata has no lease.
  const sent = sendRawRequest(core, { method: 'GET', path, query: { help: 1 }, schema: HelpSchema }, call);
  return new ApiPromise(
    sent.withMeta().then(({ data, meta }) => ({ data, meta: unwrapEnvelope({ data }, meta).meta })),
  );
}
