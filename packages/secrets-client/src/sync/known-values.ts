// The values the spec names for destination types, sync statuses and deployment environments; the
// response schemas take others too, where a newer service may add them.

/** Destination types of the sync feature. */
export const DESTINATION_TYPES = [
  'cloud1-sm',
  'cloud2-kv',
  'cloud3-sm',
  'repo-host',
  'hosting-project',
] as const;

/** A destination type: one of the five, or a newer one the service knows. */
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** Sync statuses of an association the spec shows. */
export const SYNC_STATUSES = ['SYNCED', 'UNSYNCED', 'PENDING'] as const;

/** A sync status: one of the known ones, or another the service reports. */
export type SyncStatus = (typeof SYNC_STATUSES)[number] | (string & {});

/** Deployment environments of a hosting-project destination. */
export const DEPLOYMENT_ENVIRONMENTS = ['development', 'preview', 'production'] as const;
