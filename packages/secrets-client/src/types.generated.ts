// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** A duration in a request: whole seconds (`3600`) or unit text (`"90s"`, `"5m"`, `"1h"`, `"1h30m"`). */
export type DurationValue = string | number;

/** What `?help=1` returns. */
export interface Help {
  [key: string]: unknown;
  /** Markdown help of the path. */
  help: string;
  /** OpenAPI 3 document of the path and those below it, paths relative to the queried one. */
  openapi?: Record<string, unknown> | undefined;
}

/** `data` of a listing: the names under a path. */
export interface KeyList {
  [key: string]: unknown;
  keys: string[];
}

/** `data` of a write the spec leaves open: whatever the service returned, or undefined for an empty answer. */
export type WriteResult = Record<string, unknown> | undefined;
