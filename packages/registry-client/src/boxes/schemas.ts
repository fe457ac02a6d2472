import * as v from 'valibot';
import { atLeastOneField, nonEmptyString } from '../request-rules.js';
import { VersionSchema } from '../versions/schemas.js';

/** A box as the registry sends it; `versions` only in a single-box read. */
export const BoxSchema = v.looseObject({
  created_at: v.string(),
  updated_at: v.string(),
  /** `<username>/<name>` */
  tag: v.string(),
  name: v.string(),
  short_description: v.nullable(v.string()),
  description_html: v.nullable(v.string()),
  description_markdown: v.nullable(v.string()),
  /** The owner. */
  username: v.string(),
  private: v.boolean(),
  downloads: v.number(),
  /** The current released version; null while none is released. */
  current_version: v.nullable(VersionSchema),
  versions: v.optional(v.array(VersionSchema)),
});

/** A box. */
export interface Box extends v.InferOutput<typeof BoxSchema> {}

/** Body of the create-box request (sent as `{ box: {...} }`). */
export const CreateBoxRequestSchema = v.strictObject({
  /** The owning user or organization; the registry takes the token's user when omitted. */
  username: v.optional(nonEmptyString()),
  name: nonEmptyString(),
  short_description: v.optional(v.string('must be a string')),
  /** Markdown. */
  description: v.optional(v.string('must be a string')),
  /** The registry's default is true (private). */
  is_private: v.optional(v.boolean('must be true or false')),
});

/** Fields of a new box. */
export interface CreateBoxRequest extends v.InferInput<typeof CreateBoxRequestSchema> {}

/** Body of the update-box request (sent as `{ box: {...} }`); omitted fields keep their value. */
export const UpdateBoxRequestSchema = v.pipe(
  v.strictObject({
    name: v.optional(nonEmptyString()),
    short_description: v.optional(v.string('must be a string')),
    description: v.optional(v.string('must be a string')),
    is_private: v.optional(v.boolean('must be true or false')),
  }),
  atLeastOneField(),
);

/** Fields to change on a box. */
export interface UpdateBoxRequest extends v.InferInput<typeof UpdateBoxRequestSchema> {}
