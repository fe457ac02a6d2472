// Sync destinations: external stores that receive secrets, one kind per type.

import { type ApiPromise, RequestValidationError, sendOperation, validateRequest } from '@infra-sdk/core';
import * as v from 'valibot';
import type { ListRequestOptions, SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { emptyListing, listForm } from '../listing.js';
import { namePath } from '../name-path.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import {
  type Cloud1SmDestinationInput,
  Cloud1SmDestinationRequestSchema,
  type Cloud2KvDestinationInput,
  Cloud2KvDestinationRequestSchema,
  type Cloud3SmDestinationInput,
  Cloud3SmDestinationRequestSchema,
  type DestinationInputs,
  type HostingProjectDestinationInput,
  HostingProjectDestinationRequestSchema,
  type RepoHostDestinationInput,
  RepoHostDestinationRequestSchema,
} from './request-schemas.js';
import {
  type Destination,
  type DestinationList,
  DestinationListSchema,
  DestinationSchema,
  type DestinationsOfType,
  DestinationsOfTypeSchema,
  type DestinationType,
} from './schemas.js';

const OptionalDestinationSchema = /* @__PURE__ */ v.optional(DestinationSchema);

/** A destination type in a path: one of the five, or a newer one. */
export type DestinationTypeName = DestinationType | (string & {});

/** Options of a destination deletion. */
export interface DeleteDestinationOptions extends SecretsRequestOptions {
  /** Unsync and delete the destination's associations first (asynchronously); without it a destination with associations is kept. */
  readonly purge?: boolean | undefined;
}

/** LIST /v1/sys/sync/destinations — lists every destination, grouped by type. */
export function listDestinations(
  core: SecretsCore,
  options?: ListRequestOptions,
): ApiPromise<DestinationList, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      ...listForm(core, options),
      path: '/sys/sync/destinations',
      schema: DestinationListSchema,
      recover: emptyListing(() => ({ key_info: {}, keys: [], total_destinations: 0 })),
    }),
    options,
  );
}

/** LIST /v1/sys/sync/destinations/:type — lists the destinations of one type. */
export function listDestinationsByType(
  core: SecretsCore,
  type: DestinationTypeName,
  options?: ListRequestOptions,
): ApiPromise<DestinationsOfType, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      ...listForm(core, options),
      path: namePath`/sys/sync/destinations/${type}`,
      schema: DestinationsOfTypeSchema,
      recover: emptyListing(() => ({ keys: [], total_destinations: 0 })),
    }),
    options,
  );
}

/** GET /v1/sys/sync/destinations/:type/:name — reads a destination (secrets masked). */
export function readDestination(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  options?: SecretsRequestOptions,
): ApiPromise<Destination, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: namePath`/sys/sync/destinations/${type}/${name}`,
      schema: DestinationSchema,
    }),
    options,
  );
}

/** DELETE /v1/sys/sync/destinations/:type/:name?purge= — deletes a destination; refused while it has associations unless `purge`. */
export function deleteDestination(
  core: SecretsCore,
  type: DestinationTypeName,
  name: string,
  options?: DeleteDestinationOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: namePath`/sys/sync/destinations/${type}/${name}`,
      ...(options?.purge === undefined ? {} : { query: { purge: options.purge } }),
      schema: WriteResultSchema,
    }),
    options,
  );
}

function writeTyped(
  core: SecretsCore,
  type: DestinationType,
  name: string,
  body: () => Promise<unknown>,
  options: SecretsRequestOptions | undefined,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: namePath`/sys/sync/destinations/${type}/${name}`,
      body: await body(),
      // The spec shows the destination for cloud1-sm and leaves the others open; all may answer without data.
      schema: OptionalDestinationSchema,
    }),
    options,
  );
}

/** POST /v1/sys/sync/destinations/cloud1-sm/:name — creates or updates a cloud1-sm (first cloud secret manager) destination. */
export function writeCloud1SmDestination(
  core: SecretsCore,
  name: string,
  destination: Cloud1SmDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'cloud1-sm',
    name,
    () => validateRequest(Cloud1SmDestinationRequestSchema, destination, 'cloud1-sm destination'),
    options,
  );
}

/** POST /v1/sys/sync/destinations/cloud2-kv/:name — creates or updates a cloud2-kv (second cloud key vault) destination. */
export function writeCloud2KvDestination(
  core: SecretsCore,
  name: string,
  destination: Cloud2KvDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'cloud2-kv',
    name,
    () => validateRequest(Cloud2KvDestinationRequestSchema, destination, 'cloud2-kv destination'),
    options,
  );
}

/** POST /v1/sys/sync/destinations/cloud3-sm/:name — creates or updates a cloud3-sm (third cloud secret manager) destination. */
export function writeCloud3SmDestination(
  core: SecretsCore,
  name: string,
  destination: Cloud3SmDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'cloud3-sm',
    name,
    () => validateRequest(Cloud3SmDestinationRequestSchema, destination, 'cloud3-sm destination'),
    options,
  );
}

/** POST /v1/sys/sync/destinations/repo-host/:name — creates or updates a repo-host (repository action secrets) destination. */
export function writeRepoHostDestination(
  core: SecretsCore,
  name: string,
  destination: RepoHostDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'repo-host',
    name,
    () => validateRequest(RepoHostDestinationRequestSchema, destination, 'repo-host destination'),
    options,
  );
}

/** POST /v1/sys/sync/destinations/hosting-project/:name — creates or updates a hosting-project destination. */
export function writeHostingProjectDestination(
  core: SecretsCore,
  name: string,
  destination: HostingProjectDestinationInput,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return writeTyped(
    core,
    'hosting-project',
    name,
    () => validateRequest(HostingProjectDestinationRequestSchema, destination, 'hosting-project destination'),
    options,
  );
}

/** The writer of each destination type, each taking that type's input. */
const WRITERS: {
  readonly [K in DestinationType]: (
    core: SecretsCore,
    name: string,
    destination: DestinationInputs[K],
    options?: SecretsRequestOptions,
  ) => ApiPromise<Destination | undefined, SecretsMeta>;
} = {
  'cloud1-sm': writeCloud1SmDestination,
  'cloud2-kv': writeCloud2KvDestination,
  'cloud3-sm': writeCloud3SmDestination,
  'repo-host': writeRepoHostDestination,
  'hosting-project': writeHostingProjectDestination,
};

/** POST /v1/sys/sync/destinations/:type/:name — creates or updates a destination of any of the five types, checked against that type. */
export function writeDestination<T extends DestinationType>(
  core: SecretsCore,
  type: T,
  name: string,
  destination: DestinationInputs[T],
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  if (!Object.hasOwn(WRITERS, type)) {
    return sendOperation(
      core,
      () => {
        throw new RequestValidationError('destination', [
          {
            path: 'type',
            message: `unknown type ${JSON.stringify(type)}; use one of ${Object.keys(WRITERS).join(', ')}`,
          },
        ]);
      },
      options,
    );
  }
  const write = WRITERS[type];
  return write(core, name, destination, options);
}
