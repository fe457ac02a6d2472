// Roles: how the engine creates a database user per request, and the leased credentials it returns.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineListOptions, EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type KeyList, listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { type RoleInput, RoleRequestSchema } from './request-schemas.js';
import { type Credentials, CredentialsSchema, type Role, RoleSchema } from './schemas.js';

/** POST /v1/{db_mount}/roles/:name — creates or updates a role. */
export function writeRole(
  core: SecretsCore,
  name: string,
  role: RoleInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
      body: await validateRequest(RoleRequestSchema, role, 'database role'),
      schema: WriteResultSchema,
    }),
    options,
  );
}

/** GET /v1/{db_mount}/roles/:name — reads a role (TTLs in seconds). */
export function readRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<Role, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
      schema: RoleSchema,
    }),
    options,
  );
}

/** LIST /v1/{db_mount}/roles — lists role names. */
export function listRoles(core: SecretsCore, options?: EngineListOptions): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.databaseMount, options)}/roles`, options);
}

/** DELETE /v1/{db_mount}/roles/:name — deletes a role. */
export function deleteRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
  );
}

/**
 * GET /v1/{db_mount}/creds/:name — creates a database user for the role and returns its leased credentials.
 * Not retried: a repeated request would create a second user.
 */
export function generateCredentials(
  core: SecretsCore,
  role: string,
  options?: EngineRequestOptions,
): ApiPromise<Credentials, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/creds/${role}`}`,
      schema: CredentialsSchema,
      idempotent: false,
    }),
    options,
  );
}
