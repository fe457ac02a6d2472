// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { Box } from '../boxes/types.generated.js';

/** A user or organization as the registry sends it, with the boxes the caller may see. */
export interface User {
  [key: string]: unknown;
  username: string;
  avatar_url: string | null;
  profile_html: string | null;
  profile_markdown: string | null;
  boxes: Box[];
}
