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
import type { DestinationInputs } from './destination-inputs.js';
import { patchDestination } from './destination-patch.js';
import {
  deleteDestination,
  listDestinations,
  listDestinationsByType,
  readDestination,
  writeDestination,
} from './destinations.js';
import type { DestinationType } from './known-values.js';
import { deleteRepoHostApp, readRepoHostApp, writeRepoHostApp } from './repo-host-apps.js';
import type { Destination } from './types.generated.js';
import { waitForSyncStatus } from './wait-for-sync-status.js';

/** The destination operations whose binding keeps their types; `write` is bound by hand, keeping its type parameter. */
const destinationOperations = {
  list: listDestinations,
  listByType: listDestinationsByType,
  read: readDestination,
  delete: deleteDestination,
};

/** `client.sync.destinations`: destinations secrets are synced to, bound to the client's core. */
export interface DestinationsGroup extends BoundGroup<SecretsCore, typeof destinationOperations> {
  /** {@inheritDoc writeDestination} */
  readonly write: <T extends DestinationType>(
    type: T,
    name: string,
    destination: DestinationInputs[T],
    options?: SecretsRequestOptions,
  ) => ApiPromise<Destination | undefined, SecretsMeta>;
  /** {@inheritDoc patchDestination} */
  readonly patch: <T extends DestinationType>(
    type: T,
    name: string,
    changes: Partial<DestinationInputs[T]>,
    options?: SecretsRequestOptions,
  ) => ApiPromise<Destination | undefined, SecretsMeta>;
}

/** Builds `client.sync.destinations`. */
function destinationsGroup(core: SecretsCore): DestinationsGroup {
  return {
    ...bindOperations(core, destinationOperations),
    write: (type, name, destination, options) => writeDestination(core, type, name, destination, options),
    patch: (type, name, changes, options) => patchDestination(core, type, name, changes, options),
  };
}

/** `client.sync`: secret sync, each operation bound to the client's core. */
export interface SyncGroup extends ReturnType<typeof buildSyncGroup> {}

/** Builds `client.sync`. */
export function syncGroup(core: SecretsCore): SyncGroup {
  return buildSyncGroup(core);
}

// The group's members, nested groups included; the builder above gives them the group's name.
function buildSyncGroup(core: SecretsCore) {
  return {
    help: bindOperation(core, readSyncHelp),
    /** The sync configuration. */
    config: bindOperations(core, {
      read: readSyncConfig,
      update: updateSyncConfig,
    }),
    /** Destinations secrets are synced to. */
    destinations: destinationsGroup(core),
    /** Associations of secrets with destinations. */
    associations: bindOperations(core, {
      read: readAssociations,
      set: setAssociation,
      remove: removeAssociation,
      list: listAssociations,
      destinationsOf: readSecretDestinations,
      waitForStatus: waitForSyncStatus,
    }),
    /** Repository-host apps that repo-host destinations authenticate with. */
    repoHostApps: bindOperations(core, {
      write: writeRepoHostApp,
      read: readRepoHostApp,
      delete: deleteRepoHostApp,
    }),
  };
}
