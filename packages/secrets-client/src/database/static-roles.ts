// Static roles: one existing database user whose password the engine rotates.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { EngineListOptions, EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { type KeyList, listKeys } from '../listing.js';
import { mountOf } from '../mount.js';
import { namePath } from '../name-path.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { type StaticRoleInput, StaticRoleRequestSchema } from './request-schemas.js';
import {
  type StaticCredentials,
  StaticCredentialsSchema,
  type StaticRole,
  StaticRoleSchema,
} from './schemas.js';

/** POST /v1/{db_mount}/static-roles/:name — creates or updates a static role; creation rotates the password unless skipped. */
export function writeStaticRole(
  core: SecretsCore,
  name: string,
  role: StaticRoleInput,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/static-roles/${name}`}`,
      body: await validateRequest(StaticRoleRequestSchema, role, 'static role'),
      schema: WriteResultSchema,
    }),
    options,
  );
}

/** GET /v1/{db_mount}/static-roles/:name — reads a static role. */
export function readStaticRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<StaticRole, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/static-roles/${name}`}`,
      schema: StaticRoleSchema,
    }),
    options,
  );
}

/** LIST /v1/{db_mount}/static-roles — lists static role names. */
export function listStaticRoles(
  core: SecretsCore,
  options?: EngineListOptions,
): ApiPromise<KeyList, SecretsMeta> {
  return listKeys(core, () => `/${mountOf(core.databaseMount, options)}/static-roles`, options);
}

/** DELETE /v1/{db_mount}/static-roles/:name — deletes a static role; the database user stays and must be removed by hand. */
export function deleteStaticRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/static-roles/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
  );
}

/** GET /v1/{db_mount}/static-creds/:name — reads the current credentials of a static role and the time to its next rotation. */
export function readStaticCredentials(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<StaticCredentials, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/static-creds/${name}`}`,
      schema: StaticCredentialsSchema,
    }),
    options,
  );
}

/** POST /v1/{db_mount}/rotate-role/:name — rotates a static role's password now, which resets its TTL. */
export function rotateStaticRole(
  core: SecretsCore,
  name: string,
  options?: EngineRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: `/${mountOf(core.databaseMount, options)}${namePath`/rotate-role/${name}`}`,
      schema: WriteResultSchema,
    }),
    options,
  );
}
