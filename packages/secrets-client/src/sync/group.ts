// The `sync` group of the client, built from the standalone operations.
import type { SecretsCore } from '../core.js';
import { readHelp } from '../help.js';
import type { ListRequestOptions, SecretsRequestOptions } from '../options.js';
import {
  listAssociations,
  readAssociations,
  readSecretDestinations,
  removeAssociation,
  type SecretDestinationsOptions,
  setAssociation,
} from './associations.js';
import { readSyncConfig, updateSyncConfig } from './config.js';
import {
  type DeleteDestinationOptions,
  type DestinationTypeName,
  deleteDestination,
  listDestinations,
  listDestinationsByType,
  readDestination,
  writeDestination,
} from './destinations.js';
import { deleteRepoHostApp, readRepoHostApp, writeRepoHostApp } from './repo-host-apps.js';
import type {
  AssociationInput,
  DestinationInputs,
  DestinationType,
  RepoHostAppInput,
  SyncConfigInput,
  SyncStatus,
} from './schemas.js';
import {
  type AssociationRef,
  type WaitForSyncStatusOptions,
  waitForSyncStatus,
} from './wait-for-sync-status.js';

/** `client.sync`: secret sync, each operation bound to the client's core. */
export interface SyncGroup extends ReturnType<typeof syncGroup> {}

/** Builds `client.sync`. */
export function syncGroup(core: SecretsCore) {
  return {
    /** Help text and OpenAPI document of `sys/sync`. */
    help: (options?: SecretsRequestOptions) => readHelp(core, '/sys/sync', options),
    /** The sync configuration. */
    config: {
      /** Calls {@link readSyncConfig} with this client's core: GET /v1/sys/sync/config. */
      read: (options?: SecretsRequestOptions) => readSyncConfig(core, options),
      /** Calls {@link updateSyncConfig} with this client's core: PATCH /v1/sys/sync/config. */
      update: (config: SyncConfigInput, options?: SecretsRequestOptions) =>
        updateSyncConfig(core, config, options),
    },
    /** Destinations secrets are synced to. */
    destinations: {
      /** Calls {@link listDestinations} with this client's core: LIST /v1/sys/sync/destinations. */
      list: (options?: ListRequestOptions) => listDestinations(core, options),
      /** Calls {@link listDestinationsByType} with this client's core: LIST /v1/sys/sync/destinations/:type. */
      listByType: (type: DestinationTypeName, options?: ListRequestOptions) =>
        listDestinationsByType(core, type, options),
      /** Calls {@link readDestination} with this client's core: GET /v1/sys/sync/destinations/:type/:name. */
      read: (type: DestinationTypeName, name: string, options?: SecretsRequestOptions) =>
        readDestination(core, type, name, options),
      /** Creates or updates a destination, its fields checked against its type. */
      write: <T extends DestinationType>(
        type: T,
        name: string,
        destination: DestinationInputs[T],
        options?: SecretsRequestOptions,
      ) => writeDestination(core, type, name, destination, options),
      /** Calls {@link deleteDestination} with this client's core: DELETE /v1/sys/sync/destinations/:type/:name, with `purge` when asked. */
      delete: (type: DestinationTypeName, name: string, options?: DeleteDestinationOptions) =>
        deleteDestination(core, type, name, options),
    },
    /** Associations of secrets with destinations. */
    associations: {
      /** Calls {@link readAssociations} with this client's core: GET /v1/sys/sync/destinations/:type/:name/associations. */
      read: (type: DestinationTypeName, name: string, options?: SecretsRequestOptions) =>
        readAssociations(core, type, name, options),
      /** Calls {@link setAssociation} with this client's core: POST /v1/sys/sync/destinations/:type/:name/associations/set. */
      set: (
        type: DestinationTypeName,
        name: string,
        secret: AssociationInput,
        options?: SecretsRequestOptions,
      ) => setAssociation(core, type, name, secret, options),
      /** Calls {@link removeAssociation} with this client's core: POST /v1/sys/sync/destinations/:type/:name/associations/remove. */
      remove: (
        type: DestinationTypeName,
        name: string,
        secret: AssociationInput,
        options?: SecretsRequestOptions,
      ) => removeAssociation(core, type, name, secret, options),
      /** Calls {@link listAssociations} with this client's core: LIST /v1/sys/sync/associations. */
      list: (options?: ListRequestOptions) => listAssociations(core, options),
      /** The destinations of one secret (the query form is used when a name holds `/`). */
      destinationsOf: (mount: string, secretName: string, options?: SecretDestinationsOptions) =>
        readSecretDestinations(core, mount, secretName, options),
      /** Waits until the association reaches `status` (one status or several). */
      waitForStatus: (
        association: AssociationRef,
        status: SyncStatus | readonly SyncStatus[],
        options?: WaitForSyncStatusOptions,
      ) => waitForSyncStatus(core, association, status, options),
    },
    /** Repository-host apps that repo-host destinations authenticate with. */
    repoHostApps: {
      /** Calls {@link writeRepoHostApp} with this client's core: POST /v1/sys/sync/github-apps/:name. */
      write: (name: string, app: RepoHostAppInput, options?: SecretsRequestOptions) =>
        writeRepoHostApp(core, name, app, options),
      /** Calls {@link readRepoHostApp} with this client's core: GET /v1/sys/sync/github-apps/:name. */
      read: (name: string, options?: SecretsRequestOptions) => readRepoHostApp(core, name, options),
      /** Calls {@link deleteRepoHostApp} with this client's core: DELETE /v1/sys/sync/github-apps/:name. */
      delete: (name: string, options?: SecretsRequestOptions) => deleteRepoHostApp(core, name, options),
    },
  };
}
