// Associations: which versioned key-value secrets are synced to which destination.

import { type ApiPromise, RequestValidationError, sendOperation, validateRequest } from '@infra-sdk/core';
import type { ListRequestOptions, SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { emptyListing, listForm } from '../listing.js';
import { fitsPathSegment, namePath } from '../name-path.js';
import type { DestinationTypeName } from './destinations.js';
import { type AssociationInput, AssociationRequestSchema } from './request-schemas.js';
import {
  type AssociationList,
  AssociationListSchema,
  type Associations,
  AssociationsSchema,
  type SecretDestinations,
  SecretDestinationsSchema,
} from './schemas.js';

/** Options of `readSecretDestinations`. */
export interface SecretDestinationsOptions extends SecretsRequestOptions {
  /**
   * `path` (/associations/:mount/:name) or `query` (/associations/destinations?mount=&secret_name=).
   * Default: `query` when the mount or the name holds what the path form cannot carry (`/`, `%`), else `path`;
   * `path` with such a name is refused before sending.
   */
  readonly form?: 'path' | 'query' | undefined;
}

/** GET /v1/sys/sync/destinations/:type/:name/associations — reads the secrets associated with a destination. */
export function readAssociations(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  options?: SecretsRequestOptions,
): ApiPromise<Associations, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: namePath`/sys/sync/destinations/${type}/${name}/associations`,
      schema: AssociationsSchema,
    }),
    options,
  );
}

function changeAssociation(
  action: 'set' | 'remove',
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  secret: AssociationInput,
  options: SecretsRequestOptions | undefined,
): ApiPromise<Associations, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `${namePath`/sys/sync/destinations/${type}/${name}/associations`}/${action}`,
      body: await validateRequest(AssociationRequestSchema, secret, 'association'),
      schema: AssociationsSchema,
    }),
    options,
  );
}

/** POST /v1/sys/sync/destinations/:type/:name/associations/set — links a secret to a destination and syncs it (PENDING while sync is disabled). */
export function setAssociation(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  secret: AssociationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Associations, SecretsMeta> {
  return changeAssociation('set', core, type, name, secret, options);
}

/** POST /v1/sys/sync/destinations/:type/:name/associations/remove — unlinks a secret and deletes it at the destination; always reports success. */
export function removeAssociation(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  secret: AssociationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Associations, SecretsMeta> {
  return changeAssociation('remove', core, type, name, secret, options);
}

/** LIST /v1/sys/sync/associations — lists every associated secret. */
export function listAssociations(
  core: SecretsCore,
  options?: ListRequestOptions,
): ApiPromise<AssociationList, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      ...listForm(core, options),
      path: '/sys/sync/associations',
      schema: AssociationListSchema,
      recover: emptyListing(() => ({ key_info: {}, keys: [], total_associations: 0, total_secrets: 0 })),
    }),
    options,
  );
}

/**
 * GET /v1/sys/sync/associations/:mount/:name or /v1/sys/sync/associations/destinations?mount=&secret_name= —
 * reads the destinations a secret is associated with; the query form is chosen when a name holds `/` or `%`.
 */
export function readSecretDestinations(
  core: SecretsCore,
  mount: string,
  secretName: string,
  options?: SecretDestinationsOptions,
): ApiPromise<SecretDestinations, SecretsMeta> {
  return sendOperation(
    core,
    () => {
      const problems = [
        ...secretNameProblem(mount, 'mount'),
        ...secretNameProblem(secretName, 'secret_name'),
      ];
      if (problems.length > 0) throw new RequestValidationError('secret of an association', problems);
      const form =
        options?.form ?? (fitsPathSegment(mount) && fitsPathSegment(secretName) ? 'path' : 'query');
      return form === 'query'
        ? {
            method: 'GET',
            path: '/sys/sync/associations/destinations',
            query: { mount, secret_name: secretName },
            schema: SecretDestinationsSchema,
          }
        : {
            method: 'GET',
            path: namePath`/sys/sync/associations/${mount}/${secretName}`,
            schema: SecretDestinationsSchema,
          };
    },
    options,
  );
}

function secretNameProblem(value: unknown, field: string): { path: string; message: string }[] {
  if (typeof value !== 'string') {
    return [{ path: field, message: `is required: a string, got ${value === null ? 'null' : typeof value}` }];
  }
  return value === '' ? [{ path: field, message: 'is required' }] : [];
}
