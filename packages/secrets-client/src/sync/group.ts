// The `sync` group of the client, built from the standalone operations.
import { type ApiPromise, type BoundGroup, bindOperation, bindOperations } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { readSyncHelp } from '../help.js';
import {
  listAssociations,
  readAssociations,
  readSecretDestinations,
  removeAssociation,
  setAssociation,
} from './associations.js';
import { readSyncConfig, updateSyncConfig } from './config.js';
import {
  deleteDestination,
  listDestinations,
  listDestinationsByType,
  readDestination,
  writeDestination,
} from './destinations.js';
import { deleteRepoHostApp, readRepoHostApp, writeRepoHostApp } from './repo-host-apps.js';
import type { DestinationInputs } from './request-schemas.js';
import type { Destination, DestinationType } from './schemas.js';
import { waitForSyncStatus } from './wait-for-sync-status.js';

/** The destination operations whose binding keeps their types; `write` is bound by hand, keeping its type parameter. */
const destinationOperations = {
  /** LIST /v1/sys/sync/destinations — {@link listDestinations} with this client's core. */
  list: listDestinations,
  /** LIST /v1/sys/sync/destinations/:type — {@link listDestinationsByType} with this client's core. */
  listByType: listDestinationsByType,
  /** GET /v1/sys/sync/destinations/:type/:name — {@link readDestination} with this client's core. */
  read: readDestination,
  /** DELETE /v1/sys/sync/destinations/:type/:name, with `purge` when asked — {@link deleteDestination} with this client's core. */
  delete: deleteDestination,
};

/** `client.sync.destinations`: destinations secrets are synced to, bound to the client's core. */
export interface DestinationsGroup extends BoundGroup<SecretsCore, typeof destinationOperations> {
  /** POST /v1/sys/sync/destinations/:type/:name — {@link writeDestination}: creates or updates a destination, its fields checked against its type. */
  readonly write: <T extends DestinationType>(
    type: T,
    name: string,
    destination: DestinationInputs[T],
    options?: SecretsRequestOptions,
  ) => ApiPromise<Destination | undefined, SecretsMeta>;
}

/** Builds `client.sync.destinations`. */
function destinationsGroup(core: SecretsCore): DestinationsGroup {
  return {
    ...bindOperations(core, destinationOperations),
    write: (type, name, destination, options) => writeDestination(core, type, name, destination, options),
  };
}

/** `client.sync`: secret sync, each operation bound to the client's core. */
export interface SyncGroup extends ReturnType<typeof syncGroup> {}

/** Builds `client.sync`. */
export function syncGroup(core: SecretsCore) {
  return {
    /** GET /v1/sys/sync?help=1 — help text and OpenAPI document of `sys/sync`. */
    help: bindOperation(core, readSyncHelp),
    /** The sync configuration. */
    config: bindOperations(core, {
      /** GET /v1/sys/sync/config — {@link readSyncConfig} with this client's core. */
      read: readSyncConfig,
      /** PATCH /v1/sys/sync/config — {@link updateSyncConfig} with this client's core. */
      update: updateSyncConfig,
    }),
    /** Destinations secrets are synced to. */
    destinations: destinationsGroup(core),
    /** Associations of secrets with destinations. */
    associations: bindOperations(core, {
      /** GET /v1/sys/sync/destinations/:type/:name/associations — {@link readAssociations} with this client's core. */
      read: readAssociations,
      /** POST /v1/sys/sync/destinations/:type/:name/associations/set — {@link setAssociation} with this client's core. */
      set: setAssociation,
      /** POST /v1/sys/sync/destinations/:type/:name/associations/remove — {@link removeAssociation} with this client's core. */
      remove: removeAssociation,
      /** LIST /v1/sys/sync/associations — {@link listAssociations} with this client's core. */
      list: listAssociations,
      /** The destinations of one secret (the query form is used when a name holds `/`). */
      destinationsOf: readSecretDestinations,
      /** Waits until the association reaches `status` (one status or several). */
      waitForStatus: waitForSyncStatus,
    }),
    /** Repository-host apps that repo-host destinations authenticate with. */
    repoHostApps: bindOperations(core, {
      /** POST /v1/sys/sync/github-apps/:name — {@link writeRepoHostApp} with this client's core. */
      write: writeRepoHostApp,
      /** GET /v1/sys/sync/github-apps/:name — {@link readRepoHostApp} with this client's core. */
      read: readRepoHostApp,
      /** DELETE /v1/sys/sync/github-apps/:name — {@link deleteRepoHostApp} with this client's core. */
      delete: deleteRepoHostApp,
    }),
  };
}
