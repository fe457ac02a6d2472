// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { Box } from '../boxes/types.generated.js';

/** Query of a search; omitted fields take the registry's defaults (sort `downloads`, order `desc`, limit 10, page 1). */
export interface SearchQuery {
  /** Matches username, name or short description; without it, the top boxes by `sort` and `order`. */
  q?: string | undefined;
  /** Only boxes with this provider. */
  provider?: string | undefined;
  sort?: 'downloads' | 'created' | 'updated' | undefined;
  order?: 'desc' | 'asc' | undefined;
  limit?: number | undefined;
  page?: number | undefined;
}

/** The search response. */
export interface SearchResult {
  [key: string]: unknown;
  boxes: Box[];
}
