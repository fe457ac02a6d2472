export {
  listAssociations,
  readAssociations,
  readSecretDestinations,
  removeAssociation,
  type SecretDestinationsOptions,
  setAssociation,
} from './associations.js';
export {
  readSyncConfig,
  updateSyncConfig,
} from './config.js';
export type { DestinationInputs } from './destination-inputs.js';
export { patchDestination } from './destination-patch.js';
export {
  type DeleteDestinationOptions,
  type DestinationTypeName,
  deleteDestination,
  listDestinations,
  listDestinationsByType,
  readDestination,
  writeCloud1SmDestination,
  writeCloud2KvDestination,
  writeCloud3SmDestination,
  writeDestination,
  writeHostingProjectDestination,
  writeRepoHostDestination,
} from './destinations.js';
export { type DestinationsGroup, type SyncGroup, syncGroup } from './group.js';
export {
  DEPLOYMENT_ENVIRONMENTS,
  DESTINATION_TYPES,
  type DestinationType,
  SYNC_STATUSES,
  type SyncStatus,
} from './known-values.js';
export {
  deleteRepoHostApp,
  readRepoHostApp,
  writeRepoHostApp,
} from './repo-host-apps.js';
export type {
  AssociatedSecret,
  AssociationInput,
  AssociationList,
  Associations,
  Cloud1SmDestinationInput,
  Cloud2KvDestinationInput,
  Cloud3SmDestinationInput,
  Destination,
  DestinationList,
  DestinationsOfType,
  HostingProjectDestinationInput,
  RepoHostApp,
  RepoHostAppInput,
  RepoHostDestinationInput,
  SecretDestinations,
  SyncConfig,
  SyncConfigInput,
} from './types.generated.js';
export {
  type AssociatedDestination,
  type AssociationRef,
  type WaitForSyncStatusOptions,
  waitForSyncStatus,
} from './wait-for-sync-status.js';
