/**
 * Writes `.dts-src/` (a copy of `src/` whose group members carry their functions' doc comments) for the
 * package in `packageDir` and returns tsup's `dts.entry` for `entries`.
 */
export function declarationSources(
  entries: readonly string[],
  packageDir?: string,
  read?: (file: string) => string,
): Record<string, string>;

/** The declaration files of `dist` rewritten so each doc is written once (single-copy.mjs). */
export function writeSingleCopies(dist: string): void;

/**
 * tsup settings of a package's modules build that build its declarations after the modules, from
 * `.dts-src/`, each doc written once. `build` is tsup's own.
 */
export function declarationBuild(
  build: (options: Record<string, unknown>) => Promise<void>,
  entries: readonly string[],
  settings: {
    readonly external?: readonly (string | RegExp)[];
    readonly target?: string;
    readonly outDir?: string;
  },
): { dts: false; onSuccess: () => Promise<void> };
