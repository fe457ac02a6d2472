// Roles: how the engine creates a database user per request, and the leased credentials it returns.

import type { ApiPromise } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type KeyList, listKeys } from '../listing.js';
import { namePath } from '../name-path.js';
import type { EngineListOptions, EngineRequestOptions } from '../options.js';
import { mountOf, send } from '../send.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import {
  type Credentials,
  CredentialsSchema,
  type Role,
  type RoleInput,
  RoleRequestSchema,
  RoleSchema,
} from './schemas.js';

/** POST /v1/{db_mount}/roles/:name — creates or updates a role. */
export function writeRole(
  core: SecretsCore,
  name: string,
  role: RoleInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return send(core, options, () => ({
    method: 'POST',
    path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
    body: { schema: RoleRequestSchema, value: role, what: 'database role' },
    response: WriteResultSchema,
  }));
}

/** GET /v1/{db_mount}/roles/:name — reads a role (TTLs in seconds). */
export function readRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<Role, SecretsMeta> {
  return send(core, options, () => ({
    method: 'GET',
    path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
    response: RoleSchema,
  }));
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
  return send(core, options, () => ({
    method: 'DELETE',
    path: `/${mountOf(core.databaseMount, options)}${namePath`/roles/${name}`}`,
    response: WriteResultSchema,
  }));
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
  return send(core, options, () => ({
    method: 'GET',
    path: `/${mountOf(core.databaseMount, options)}${namePath`/creds/${role}`}`,
    response: CredentialsSchema,
    idempotent: false,
  }));
}
