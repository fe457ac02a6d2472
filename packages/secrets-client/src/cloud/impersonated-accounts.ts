// Impersonated accounts: tokens of a service account obtained by impersonation, with their own TTL.

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
import { generateToken } from './generate.js';
import { ImpersonatedAccountRequestSchema } from './request-schemas.js';
import { ImpersonatedAccountSchema } from './schemas.js';
import type { AccessToken, ImpersonatedAccount, ImpersonatedAccountInput } from './types.generated.js';

/**
 * POST /v1/{cloud_mount}/impersonated-account/:name — creates or updates an impersonated account.
 *
 * The engine generates tokens of an existing service account (`service_account_email`) by impersonating it,
 * with the account's `ttl` (default one hour, at most 12 hours); it manages no bindings.
 * `service_account_email` cannot change after creation.
 *
 * @example
 * ```ts
 * import { writeImpersonatedAccount } from '@infra-sdk/secrets-client';
 *
 * await writeImpersonatedAccount(core, 'ops', {
 *   service_account_email: 'ops@my-project.iam.gserviceaccount.com',
 *   token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
 *   ttl: '2h',
 * });
 * ```
 * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty
 * `service_account_email`, a `ttl` that is not a duration or is over 12 hours), or the name is empty or holds
 * `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses: a new account without `service_account_email`, or a
 * changed one.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the impersonated account.
 */
export function writeImpersonatedAccount(
  core: SecretsCore,
  name: string,
  account: ImpersonatedAccountInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/impersonated-account/${name}`}`,
      body: await validateRequest(ImpersonatedAccountRequestSchema, account, 'impersonated account'),
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{cloud_mount}/impersonated-account/:name — reads an impersonated account.
 *
 * `ttl` is in seconds.
 *
 * @example
 * ```ts
 * import { readImpersonatedAccount } from '@infra-sdk/secrets-client';
 *
 * const account = await readImpersonatedAccount(core, 'ops');
 * console.log(account.service_account_email, account.ttl); // ... 7200
 * ```
 * @throws {NotFoundError} when no impersonated account has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the impersonated account.
 */
export function readImpersonatedAccount(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<ImpersonatedAccount, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/impersonated-account/${name}`}`,
      schema: ImpersonatedAccountSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * LIST /v1/{cloud_mount}/impersonated-accounts — lists impersonated account names.
 *
 * An engine without impersonated accounts lists none (`keys: []`).
 *
 * @example
 * ```ts
 * import { listImpersonatedAccounts } from '@infra-sdk/secrets-client';
 *
 * const { keys } = await listImpersonatedAccounts(core);
 * console.log(keys); // ['ops']
 * ```
 * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
 * @throws {PermissionDeniedError} when the token's policy does not allow listing impersonated accounts.
 * @throws {NotFoundError} when no engine is mounted at the mount path.
 */
export function listImpersonatedAccounts(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.cloudMount, options)}/impersonated-accounts`, options);
}

/**
 * DELETE /v1/{cloud_mount}/impersonated-account/:name — deletes an impersonated account.
 *
 * The service account itself stays. Deleting an impersonated account that does not exist succeeds.
 *
 * @example
 * ```ts
 * import { deleteImpersonatedAccount } from '@infra-sdk/secrets-client';
 *
 * await deleteImpersonatedAccount(core, 'ops');
 * ```
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the impersonated account.
 */
export function deleteImpersonatedAccount(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/impersonated-account/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/**
 * GET /v1/{cloud_mount}/impersonated-account/:name/token — generates an access token with the account's TTL.
 *
 * The token cannot be renewed or revoked; `token_ttl` is the account's `ttl`.
 *
 * @example
 * ```ts
 * import { generateImpersonatedAccountToken } from '@infra-sdk/secrets-client';
 *
 * const { token, token_ttl } = await generateImpersonatedAccountToken(core, 'ops');
 * console.log(token.length > 0, token_ttl); // true 7200
 * ```
 * @throws {BadRequestError} when no impersonated account has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow generating tokens of the account.
 */
export function generateImpersonatedAccountToken(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<AccessToken, SecretsMeta> {
  return generateToken(core, (mount) => `/${mount}${namePath`/impersonated-account/${name}/token`}`, options);
}
