// Schemas of the versioned key-value engine: a secret's version as read, what a write or a version says
// about itself, and the metadata of a secret with all its versions. The request bodies are in
// request-schemas.ts.
import * as v from 'valibot';

/** The data of a secret: names to any JSON values. */
export const KvDataSchema = /* @__PURE__ */ v.record(v.string(), v.unknown());

const customMetadata = /* @__PURE__ */ v.nullish(v.record(v.string(), v.string()));

/** `data` of POST /{kv_mount}/data/:path, and `metadata` of a read: one version as it stands. */
export const KvVersionSchema = /* @__PURE__ */ v.looseObject({
  /** When the version was written (RFC 3339). */
  created_time: v.string(),
  /** The secret's custom metadata. */
  custom_metadata: customMetadata,
  /** When the version was deleted (RFC 3339); `''` while it is not. */
  deletion_time: v.string(),
  /** Whether the version's data was destroyed. */
  destroyed: v.boolean(),
  /** Number of the version, from 1. */
  version: v.number(),
});

/** `data` of GET /{kv_mount}/data/:path: the version's data and its metadata. */
export const KvSecretSchema = /* @__PURE__ */ v.looseObject({
  /** The secret's names and values. */
  data: KvDataSchema,
  /** The version read. */
  metadata: KvVersionSchema,
});

/** What the metadata says about each version kept. */
export const KvVersionStateSchema = /* @__PURE__ */ v.looseObject({
  created_time: v.string(),
  deletion_time: v.string(),
  destroyed: v.boolean(),
});

/** `data` of GET /{kv_mount}/metadata/:path: the secret and every version kept. */
export const KvMetadataSchema = /* @__PURE__ */ v.looseObject({
  /** Whether every write must give `cas`. */
  cas_required: v.boolean(),
  /** When the first version was written. */
  created_time: v.string(),
  /** The newest version's number. */
  current_version: v.number(),
  custom_metadata: customMetadata,
  /** How long until a version is deleted (duration text, `0s`: never). */
  delete_version_after: v.optional(v.string()),
  /** Who last changed the secret, when the service records it. */
  last_updated_by: v.optional(v.record(v.string(), v.unknown())),
  /** Versions kept; 0: the mount's setting. */
  max_versions: v.number(),
  /** The oldest version still kept. */
  oldest_version: v.number(),
  /** When the newest version was written. */
  updated_time: v.string(),
  /** Every version kept, by number (`"1"`, `"2"`, ...). */
  versions: v.record(v.string(), KvVersionStateSchema),
});

/** `data` of GET /{kv_mount}/subkeys/:path: the secret's names, nested objects kept, every value null. */
export const KvSubkeysSchema = /* @__PURE__ */ v.looseObject({
  /** The names of the version's data; nested objects as objects (to `depth`), every other value null. */
  subkeys: v.record(v.string(), v.unknown()),
  /** The version whose names these are. */
  metadata: KvVersionSchema,
});
