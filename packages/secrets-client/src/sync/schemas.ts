// Response schemas of secret sync: its configuration, destinations, associations in all their shapes,
// and the repository-host app. They are loose so fields a newer service adds survive. The request
// bodies are in request-schemas.ts.
import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { DESTINATION_TYPES, SYNC_STATUSES } from './known-values.js';

// ---------------------------------------------------------------------------------------------
// Configuration

/** `data` of the sync configuration (`mount_type` `system` is on the metadata). */
export const SyncConfigSchema = /* @__PURE__ */ v.looseObject({
  disabled: v.boolean(),
  queue_capacity: v.optional(v.number()),
});

// ---------------------------------------------------------------------------------------------
// Destinations

const destinationType = /* @__PURE__ */ openEnum(DESTINATION_TYPES);

/** `data` of a destination: connection details with secrets masked as `*****`. */
export const DestinationSchema = /* @__PURE__ */ v.looseObject({
  connection_details: v.record(v.string(), v.unknown()),
  name: v.string(),
  type: destinationType,
  options: v.optional(
    v.looseObject({
      granularity_level: v.optional(v.string()),
      secret_name_template: v.optional(v.string()),
      custom_tags: v.nullish(v.record(v.string(), v.string())),
    }),
  ),
  /** Set while a purging deletion runs. */
  purge_initiated_at: v.optional(v.string()),
  purge_error: v.optional(v.string()),
});

/** `data` of LIST /sys/sync/destinations: names grouped by type (keys are types with a trailing slash). */
export const DestinationListSchema = /* @__PURE__ */ v.looseObject({
  key_info: v.record(v.string(), v.array(v.string())),
  keys: v.array(v.string()),
  total_destinations: v.number(),
});

/** `data` of LIST /sys/sync/destinations/:type. */
export const DestinationsOfTypeSchema = /* @__PURE__ */ v.looseObject({
  keys: v.array(v.string()),
  total_destinations: v.number(),
});

// ---------------------------------------------------------------------------------------------
// Associations

const syncStatus = /* @__PURE__ */ openEnum(SYNC_STATUSES);

/** One secret associated with a destination. */
export const AssociatedSecretSchema = /* @__PURE__ */ v.looseObject({
  accessor: v.string(),
  secret_name: v.string(),
  sync_status: syncStatus,
  updated_at: v.string(),
});

/** `data` of read, set and remove association: keyed `<accessor>/<secret_name>`. */
export const AssociationsSchema = /* @__PURE__ */ v.looseObject({
  associated_secrets: v.record(v.string(), AssociatedSecretSchema),
  store_name: v.string(),
  store_type: v.string(),
});

/** `data` of LIST /sys/sync/associations: keyed `<mount>/<secret>`. */
export const AssociationListSchema = /* @__PURE__ */ v.looseObject({
  key_info: v.record(v.string(), v.array(v.looseObject({ mount: v.string(), secret_path: v.string() }))),
  keys: v.array(v.string()),
  /** One secret may go to several destinations, so this can exceed total_secrets. */
  total_associations: v.number(),
  total_secrets: v.number(),
});

/** `data` of the destinations of one secret: keyed `<type>/<name>`. */
export const SecretDestinationsSchema = /* @__PURE__ */ v.looseObject({
  associated_destinations: v.record(
    v.string(),
    v.looseObject({ type: v.string(), name: v.string(), sync_status: syncStatus, updated_at: v.string() }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Repository-host app

/** `data` of a repository-host app; the private key is masked. */
export const RepoHostAppSchema = /* @__PURE__ */ v.looseObject({
  app_id: v.number(),
  fingerprint: v.optional(v.string()),
  name: v.string(),
  private_key: v.optional(v.string()),
});
