// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { Version } from '../versions/types.generated.js';

/** Body of the create-box request (sent as `{ box: {...} }`). */
export interface CreateBoxRequest {
  /** The owning user or organization; the registry takes the token's user when omitted. */
  username?: string | undefined;
  name: string;
  short_description?: string | undefined;
  /** Markdown. */
  description?: string | undefined;
  /** The registry's default is true (private). */
  is_private?: boolean | undefined;
}

/** Body of the update-box request (sent as `{ box: {...} }`); omitted fields keep their value. */
export interface UpdateBoxRequest {
  name?: string | undefined;
  short_description?: string | undefined;
  description?: string | undefined;
  is_private?: boolean | undefined;
}

/** A box as the registry sends it; `versions` only in a single-box read. */
export interface Box {
  [key: string]: unknown;
  created_at: string;
  updated_at: string;
  /** `<username>/<name>` */
  tag: string;
  name: string;
  short_description: string | null;
  description_html: string | null;
  description_markdown: string | null;
  /** The owner. */
  username: string;
  private: boolean;
  downloads: number;
  /** The current released version; null while none is released. */
  current_version: Version | null;
  versions?: Version[] | undefined;
}
