// Rolesets: a service account the engine creates and binds to roles, and the secrets it generates.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineListOptions, EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type KeyList, listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { generateKey, generateToken } from './generate.js';
import { type KeyRequestInput, type RolesetInput, RolesetRequestSchema } from './request-schemas.js';
import { type AccessToken, type Roleset, RolesetSchema, type ServiceAccountKey } from './schemas.js';

/** POST /v1/{cloud_mount}/roleset/:name — creates or updates a roleset; new bindings revoke its earlier secrets. */
export function writeRoleset(
  core: SecretsCore,
  name: string,
  roleset: RolesetInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}`}`,
      body: await validateRequest(RolesetRequestSchema, roleset, 'roleset'),
      schema: WriteResultSchema,
    }),
    options,
  );
}

/** GET /v1/{cloud_mount}/roleset/:name — reads a roleset. */
export function readRoleset(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<Roleset, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}`}`,
      schema: RolesetSchema,
    }),
    options,
  );
}

/** LIST /v1/{cloud_mount}/rolesets — lists roleset names. */
export function listRolesets(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.cloudMount, options)}/rolesets`, options);
}

/** DELETE /v1/{cloud_mount}/roleset/:name — deletes a roleset and its service account. */
export function deleteRoleset(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
  );
}

/** POST /v1/{cloud_mount}/roleset/:name/rotate — replaces the roleset's service account, invalidating its secrets. */
export function rotateRoleset(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}/rotate`}`,
      schema: WriteResultSchema,
    }),
    options,
  );
}

/** POST /v1/{cloud_mount}/roleset/:name/rotate-key — replaces the key behind an access_token roleset's tokens. */
export function rotateRolesetKey(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.cloudMount, options)}${namePath`/roleset/${name}/rotate-key`}`,
      schema: WriteResultSchema,
    }),
    options,
  );
}

/** GET /v1/{cloud_mount}/roleset/:roleset/token — generates an access token (one hour) from an access_token roleset. */
export function generateRolesetToken(
  core: SecretsCore,
  roleset: string,
  options?: EngineRequestOptions,
): ApiPromise<AccessToken, SecretsMeta> {
  return generateToken(core, (mount) => `/${mount}${namePath`/roleset/${roleset}/token`}`, options);
}

/**
 * GET or POST /v1/{cloud_mount}/roleset/:roleset/key — generates a leased key from a service_account_key roleset.
 * Without `key` it is a GET with the service's defaults; with `key` a POST of key_algorithm, key_type and ttl.
 */
export function generateRolesetKey(
  core: SecretsCore,
  roleset: string,
  key?: KeyRequestInput,
  options?: EngineRequestOptions,
): ApiPromise<ServiceAccountKey, SecretsMeta> {
  return generateKey(core, (mount) => `/${mount}${namePath`/roleset/${roleset}/key`}`, key, options);
}
