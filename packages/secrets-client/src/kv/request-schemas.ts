// Request bodies of the versioned key-value engine.
import * as v from 'valibot';
import { durationSchema } from '../duration.js';
import { requestObject } from '../request-fields.js';
import type { KvData } from './types.generated.js';

const versionNumber = /* @__PURE__ */ v.pipe(
  v.number(),
  v.safeInteger('must be a whole version number'),
  v.minValue(1, 'versions start at 1'),
);

/** Body of POST /{kv_mount}/data/:path. */
export const KvWriteRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** The secret's names and values (any JSON); an object, not a list. */
    data: v.custom<KvData>(
      (data) => typeof data === 'object' && data !== null && !Array.isArray(data),
      'must be an object of names and values',
    ),
    /** Options of the write: `cas`, the check-and-set version. */
    options: v.optional(
      requestObject({
        /** Check-and-set: write only when the current version is this one (0: only when the secret does not exist). */
        cas: v.optional(v.pipe(v.number(), v.safeInteger('must be a whole version number'), v.minValue(0))),
      }),
    ),
  },
  'key-value write',
);

/** Body of POST /{kv_mount}/delete/:path, /undelete/:path and /destroy/:path. */
export const KvVersionsRequestSchema = /* @__PURE__ */ requestObject(
  {
    versions: v.pipe(v.array(versionNumber), v.minLength(1, 'name at least one version')),
  },
  'versions of a secret',
);

/** Body of POST (write) and PATCH (merge) /{kv_mount}/metadata/:path: the settings of a secret. */
export const KvMetadataRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** Versions kept; 0: the mount's setting. */
    max_versions: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
    /** Whether every write must give `cas`. */
    cas_required: v.optional(v.boolean()),
    /** How long until a version is deleted: seconds or duration text (`0s`: never). */
    delete_version_after: v.optional(durationSchema()),
    /** Metadata of the secret, text to text; in a patch, a name set to null is removed. */
    custom_metadata: v.optional(v.record(v.string(), v.nullable(v.string()))),
  },
  'key-value metadata',
);

/** Query of GET /{kv_mount}/subkeys/:path. */
export const SubkeysQuerySchema = /* @__PURE__ */ v.object({
  version: v.optional(versionNumber),
  depth: v.optional(v.pipe(v.number(), v.safeInteger('must be a whole number'), v.minValue(0))),
});
