// Boxes as the registry sends them; the request bodies are in request-schemas.ts, so that a read does
// not bundle them.
import * as v from 'valibot';
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
