// Providers as the registry sends them; the request bodies are in request-schemas.ts, so that a read
// does not bundle them.
import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { CHECKSUM_TYPES } from '../hashing/checksum-algorithms.js';

/** A provider as the registry sends it; a single-provider read adds `checksum` and `checksum_type`. */
export const ProviderSchema = v.looseObject({
  /** `virtualbox`, `vmware_desktop`, `libvirt`, ... */
  name: v.string(),
  /** True when the registry hosts the asset (it was uploaded). */
  hosted: v.boolean(),
  hosted_token: v.nullable(v.string()),
  /** The external download address given at creation; null for a hosted asset. */
  original_url: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  download_url: v.string(),
  checksum: v.optional(v.nullable(v.string())),
  checksum_type: v.optional(v.nullable(openEnum(CHECKSUM_TYPES))),
  /** CPU architecture of the box image (`amd64`, `arm64`, `unknown`, ...); sent by the registry's current API. */
  architecture: v.optional(v.string()),
  /** True for the architecture the version offers by default for this provider name. */
  default_architecture: v.optional(v.boolean()),
});
