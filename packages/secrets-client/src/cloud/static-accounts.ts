// Static accounts: an existing service account the engine manages, and the secrets it generates.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineListOptions, EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type KeyList, listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { generateKey, generateToken } from './generate.js';
import {
  type KeyRequestInput,
  type StaticAccountInput,
  StaticAccountRequestSchema,
} from './request-schemas.js';
import {
  type AccessToken,
  type ServiceAccountKey,
  type StaticAccount,
  StaticAccountSchema,
} from './schemas.js';

/** POST /v1/{cloud_mount}/static-account/:name — creates or updates a static account; new bindings revoke its earlier secrets. */
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
  );
}

/** GET /v1/{cloud_mount}/static-account/:name — reads a static account. */
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
  );
}

/** LIST /v1/{cloud_mount}/static-accounts — lists static account names. */
export function listStaticAccounts(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.cloudMount, options)}/static-accounts`, options);
}

/** DELETE /v1/{cloud_mount}/static-account/:name — stops managing a static account (the account stays). */
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
  );
}

/** POST /v1/{cloud_mount}/static-account/:name/rotate-key — replaces the key behind an access_token account's tokens. */
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
  );
}

/** GET /v1/{cloud_mount}/static-account/:name/token — generates an access token (one hour) from an access_token account. */
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
 */
export function generateStaticAccountKey(
  core: SecretsCore,
  name: string,
  key?: KeyRequestInput,
  options?: EngineRequestOptions,
): ApiPromise<ServiceAccountKey, SecretsMeta> {
  return generateKey(core, (mount) => `/${mount}${namePath`/static-account/${name}/key`}`, key, options);
}
