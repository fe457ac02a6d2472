// Impersonated accounts: tokens of a service account obtained by impersonation, with their own TTL.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineListOptions, EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type KeyList, listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { generateToken } from './generate.js';
import { type ImpersonatedAccountInput, ImpersonatedAccountRequestSchema } from './request-schemas.js';
import { type AccessToken, type ImpersonatedAccount, ImpersonatedAccountSchema } from './schemas.js';

/** POST /v1/{cloud_mount}/impersonated-account/:name — creates or updates an impersonated account. */
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
  );
}

/** GET /v1/{cloud_mount}/impersonated-account/:name — reads an impersonated account. */
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
  );
}

/** LIST /v1/{cloud_mount}/impersonated-accounts — lists impersonated account names. */
export function listImpersonatedAccounts(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.cloudMount, options)}/impersonated-accounts`, options);
}

/** DELETE /v1/{cloud_mount}/impersonated-account/:name — deletes an impersonated account. */
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
  );
}

/** GET /v1/{cloud_mount}/impersonated-account/:name/token — generates an access token with the account's TTL. */
export function generateImpersonatedAccountToken(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<AccessToken, SecretsMeta> {
  return generateToken(core, (mount) => `/${mount}${namePath`/impersonated-account/${name}/token`}`, options);
}
