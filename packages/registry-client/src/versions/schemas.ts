// Versions as the registry sends them; the request bodies are in request-schemas.ts, so that a read
// does not bundle them.
import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { ProviderSchema } from '../providers/schemas.js';
import { VERSION_STATUSES } from './version-statuses.js';

/** A version as the registry sends it. */
export const VersionSchema = v.looseObject({
  version: v.string(),
  number: v.string(),
  /** Known values in `VERSION_STATUSES`; a newer registry may send others. */
  status: openEnum(VERSION_STATUSES),
  description_html: v.nullable(v.string()),
  description_markdown: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  release_url: v.string(),
  revoke_url: v.string(),
  providers: v.array(ProviderSchema),
});
