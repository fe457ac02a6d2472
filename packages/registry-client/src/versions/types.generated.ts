// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { Provider } from '../providers/types.generated.js';

/** Body of the create-version request (sent as `{ version: {...} }`). */
export interface CreateVersionRequest {
  /** The version number, e.g. `1.2.3`. */
  version: string;
  /** Markdown. */
  description?: string | undefined;
}

/** Body of the update-version request (sent as `{ version: {...} }`). */
export interface UpdateVersionRequest {
  version?: string | undefined;
  description?: string | undefined;
}

/** A version as the registry sends it. */
export interface Version {
  [key: string]: unknown;
  version: string;
  number: string;
  /** Known values in `VERSION_STATUSES`; a newer registry may send others. */
  status: 'unreleased' | 'active' | 'revoked' | (string & Record<never, never>);
  description_html: string | null;
  description_markdown: string | null;
  created_at: string;
  updated_at: string;
  release_url: string;
  revoke_url: string;
  providers: Provider[];
}
