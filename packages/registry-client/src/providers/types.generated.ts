// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { ChecksumType } from '../hashing/types.generated.js';

/** Body of the create-provider request (sent as `{ provider: {...} }`). */
export interface CreateProviderRequest {
  name: string;
  /** Download address; without it the asset must be uploaded before the version can be released. */
  url?: string | undefined;
  /** Checksum of the asset; downloaders compare it with what they receive. */
  checksum?: string | undefined;
  checksum_type?: ChecksumType | undefined;
  /** CPU architecture of the box image (`amd64`, `arm64`, ...); when given, the provider is created through `/api/v2`. */
  architecture?: string | undefined;
  /** Make this architecture the one the version offers by default for this provider name (`/api/v2`). */
  default_architecture?: boolean | undefined;
}

/** Body of the update-provider request: the creation fields, each optional (sent as `{ provider: {...} }`). */
export interface UpdateProviderRequest {
  name?: string | undefined;
  url?: string | undefined;
  checksum?: string | undefined;
  checksum_type?: ChecksumType | undefined;
  /** A new CPU architecture for the box image (`/api/v2`: name the provider as `{ name, architecture }`). */
  architecture?: string | undefined;
  /** Make this architecture the version's default for this provider name (`/api/v2`). */
  default_architecture?: boolean | undefined;
}

/** A provider as the registry sends it; a single-provider read adds `checksum` and `checksum_type`. */
export interface Provider {
  [key: string]: unknown;
  /** `virtualbox`, `vmware_desktop`, `libvirt`, ... */
  name: string;
  /** True when the registry hosts the asset (it was uploaded). */
  hosted: boolean;
  hosted_token: string | null;
  /** The external download address given at creation; null for a hosted asset. */
  original_url: string | null;
  created_at: string;
  updated_at: string;
  download_url: string;
  checksum?: string | null | undefined;
  checksum_type?:
    | 'md5'
    | 'sha1'
    | 'sha256'
    | 'sha384'
    | 'sha512'
    | (string & Record<never, never>)
    | null
    | undefined;
  /** CPU architecture of the box image (`amd64`, `arm64`, `unknown`, ...); sent by the registry's current API. */
  architecture?: string | undefined;
  /** True for the architecture the version offers by default for this provider name. */
  default_architecture?: boolean | undefined;
}
