/**
 * Writes `.dts-src/` (a copy of `src/` whose group members carry their functions' doc comments) for the
 * package in `packageDir` and returns tsup's `dts.entry` for `entries`.
 */
export function declarationSources(
  entries: readonly string[],
  packageDir?: string,
  read?: (file: string) => string,
): Record<string, string>;
