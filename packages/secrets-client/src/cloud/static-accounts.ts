// Static accounts: an existing service account the engine manages, and the secrets it generates.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import {
  type EngineListOptions,
  type EngineRequestOptions,
  engineRequestOptionKeys,
} from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import type { KeyList, WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { generateKey, generateToken } from './generate.js';
import { StaticAccountRequestSchema } from './request-schemas.js';
import { StaticAccountSchema } from './schemas.js';
import type {
  AccessToken,
  KeyRequestInput,
  ServiceAccountKey,
  StaticAccount,
  StaticAccountInput,
} from './types.generated.js';

/**
 * POST /v1/{cloud_mount}/static-account/:name — creates or updates a static account; new bindings revoke its earlier secrets.
 *
 * The engine manages an existing service account (`service_account_email`): it grants the roles of
 * `bindings`, if any, and generates access tokens (`secret_type: 'access_token'`, the default) or leased keys
 * (`'service_account_key'`). `secret_type` and `service_account_email` cannot change after creation.
 *
 * @example
 * ```ts
 * import { writeStaticAccount } from '@infra-sdk/secrets-client';
 *
 * await writeStaticAccount(core, 'app', {
 *   service_account_email: 'app@my-project.iam.gserviceaccount.com',
 *   token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
 * });
 * ```
 * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty
 * `service_account_email` or `bindings`, `token_scopes` on a `service_account_key` account), or the name is
 * empty or holds `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses: a new account without `service_account_email`, bindings
 * text it cannot parse, a changed `secret_type` or `service_account_email`.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the static account.
 */
export function writeStaticAccount(
  core: SecretsCore,
  name: string,
  account: StaticAccountInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/static-account/${name}`}`,
      body: await validateRequest(StaticAccountRequestSchema, account, 'static account'),
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{cloud_mount}/static-account/:name — reads a static account.
 *
 * Only the bindings the engine manages are returned.
 *
 * @example
 * ```ts
 * import { readStaticAccount } from '@infra-sdk/secrets-client';
 *
 * const account = await readStaticAccount(core, 'app');
 * console.log(account.secret_type, account.service_account_project); // 'access_token' 'my-project'
 * ```
 * @throws {NotFoundError} when no static account has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the static account.
 */
export function readStaticAccount(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<StaticAccount, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/static-account/${name}`}`,
      schema: StaticAccountSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * LIST /v1/{cloud_mount}/static-accounts — lists static account names.
 *
 * An engine without static accounts lists none (`keys: []`).
 *
 * @example
 * ```ts
 * import { listStaticAccounts } from '@infra-sdk/secrets-client';
 *
 * const { keys } = await listStaticAccounts(core);
 * console.log(keys); // ['app']
 * ```
 * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing static accounts.
 * @throws {NotFoundError} when no engine is mounted at the mount path.
 */
export function listStaticAccounts(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.cloudMount, options)}/static-accounts`, options);
}

/**
 * DELETE /v1/{cloud_mount}/static-account/:name — stops managing a static account (the account stays).
 *
 * The engine revokes the keys it generated for the account. Deleting a static account that does not exist
 * succeeds.
 *
 * @example
 * ```ts
 * import { deleteStaticAccount } from '@infra-sdk/secrets-client';
 *
 * await deleteStaticAccount(core, 'app');
 * ```
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the static account.
 */
export function deleteStaticAccount(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/static-account/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * POST /v1/{cloud_mount}/static-account/:name/rotate-key — replaces the key behind an access_token account's tokens.
 *
 * The service account stays; tokens generated before stop working.
 *
 * @example
 * ```ts
 * import { rotateStaticAccountKey } from '@infra-sdk/secrets-client';
 *
 * await rotateStaticAccountKey(core, 'app');
 * ```
 * @throws {BadRequestError} when no static account has that name, or it is a `service_account_key` account.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow rotating the account's key.
 */
export function rotateStaticAccountKey(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/static-account/${name}/rotate-key`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{cloud_mount}/static-account/:name/token — generates an access token (one hour) from an access_token account.
 *
 * The token cannot be renewed or revoked; `expires_at_seconds` (Unix seconds) says when it ends.
 *
 * @example
 * ```ts
 * import { generateStaticAccountToken } from '@infra-sdk/secrets-client';
 *
 * const { token, token_ttl } = await generateStaticAccountToken(core, 'app');
 * console.log(token.length > 0, token_ttl); // true 3600
 * ```
 * @throws {BadRequestError} when no static account has that name, or it is a `service_account_key` account.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow generating tokens of the account.
 */
export function generateStaticAccountToken(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<AccessToken, SecretsMeta> {
  return generateToken(core, (mount) => `/${mount}${namePath`/static-account/${name}/token`}`, options);
}

/**
 * GET or POST /v1/{cloud_mount}/static-account/:name/key — generates a leased key from a service_account_key account.
 * Without `key` it is a GET with the service's defaults; with `key` a POST of key_algorithm, key_type and ttl.
 *
 * `private_key_data` is the base64 of the key file; the lease (renewable, bounded by the engine's `ttl` and
 * `max_ttl`) is on `.withMeta()`, and revoking it deletes the key. Never retried: a repeated request would
 * create a second key.
 *
 * @example
 * ```ts
 * import { generateStaticAccountKey } from '@infra-sdk/secrets-client';
 *
 * await secrets.cloud.staticAccounts.write('ci', {
 *   service_account_email: 'ci@my-project.iam.gserviceaccount.com',
 *   secret_type: 'service_account_key',
 * });
 * const { data, meta } = await generateStaticAccountKey(core, 'ci').withMeta();
 * console.log(data.key_algorithm, meta.leaseId); // 'KEY_ALG_RSA_2048' ...
 * ```
 * @throws {BadRequestError} when no static account has that name, or it is an `access_token` account.
 * @throws {RequestValidationError} before sending, when `key` breaks the spec (a `key_algorithm` or
 * `key_type` that is not an enumeration value, a `ttl` that is not a duration), or the name is empty or holds
 * `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow generating keys of the account.
 * @throws {TimeoutError | ConnectionError} that may leave a key created, which its lease revokes.
 */
export function generateStaticAccountKey(
  core: SecretsCore,
  name: string,
  key?: KeyRequestInput,
  options?: EngineRequestOptions,
): ApiPromise<ServiceAccountKey, SecretsMeta> {
  return generateKey(core, (mount) => `/${mount}${namePath`/static-account/${name}/key`}`, key, options);
}
