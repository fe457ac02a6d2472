// Build and test settings every package shares; each package's tsup and vitest config names only what
// differs (its entries, what stays external, its coverage floor). Plain objects, so this file needs
// neither tool installed beside it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The version in the package.json of the folder the tool runs in: the package's own. */
function packageVersion(): string {
  return (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
}

// The user agent names the published version; the source reads it from this constant.
const define = () => ({ PACKAGE_VERSION: JSON.stringify(packageVersion()) });

/**
 * How a package's ESM is laid out: `modules` publishes one module per source file, `bundle` one file
 * per entry (with shared chunks).
 *
 * A client publishes `modules`: bundled into one file, its schemas are all built at the top level of
 * that file, and an application's bundler that does not honour valibot's `@__NO_SIDE_EFFECTS__`
 * across modules (esbuild) keeps every one of them; separate modules of a `"sideEffects": false`
 * package are dropped whole when unused. Core publishes `bundle`: an operation uses nearly all of its
 * request path, so separate modules save no bytes there and only cost import time (one module to load
 * instead of thirty).
 */
export type PackageLayout = 'modules' | 'bundle';

/** Each entry's source file, by entry name. */
function entryFilesOf(entries: readonly string[]): Record<string, string> {
  return Object.fromEntries(entries.map((entry) => [entry, `src/${entry}.ts`]));
}

/**
 * The settings every build shares: ESM for es2023, a clean output folder. No source maps: the output is
 * unminified and (for clients) one module per source file, so a stack trace already reads like the
 * source, and maps with the sources they map would triple the unpacked size (see the root README's
 * "Releasing"). The package checks refuse a tarball whose code points at a map it does not hold.
 */
function sharedSettings(external: readonly (string | RegExp)[]) {
  return {
    format: ['esm' as const],
    target: 'es2023',
    platform: 'neutral' as 'neutral' | 'node',
    sourcemap: false,
    clean: true as boolean | string[],
    external: [...external, /^node:/],
    // Keep the `node:` prefix on builtins in the Node-only entries: Deno and bundlers need it.
    removeNodeProtocol: false,
    define: define(),
  };
}

/** tsup settings: ESM with declarations for each entry (`index`, `node/index`, `testing/index`). */
export function packageBuild(
  entries: readonly string[],
  external: readonly (string | RegExp)[],
  layout: PackageLayout = 'bundle',
) {
  const entryFiles = entryFilesOf(entries);
  const shared = sharedSettings(external);
  if (layout === 'modules') {
    return {
      ...shared,
      entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.d.ts'],
      bundle: false,
      // Declarations stay one file per entry (with shared chunks), as the API reports read them.
      dts: { entry: entryFiles },
      // Each module is compiled on its own: nothing to split, and tree-shaking is the application's.
      treeshake: false,
      splitting: false,
      // `dist/bundled/` is the build of `nodeBundle`, which runs beside this one.
      clean: ['!bundled/**'],
    };
  }
  return { ...shared, entry: entryFiles, dts: true, treeshake: true, splitting: true };
}

/**
 * tsup settings of a `modules` package's second build: the same entries bundled into `dist/bundled/`, one
 * file per entry with shared chunks, published under the `node` export condition. Node, Bun and Deno
 * load a module at a time, and ninety of them cost a client a third of its cold import. Bundlers (for any
 * platform) match the `module` condition, listed first, and keep taking the modules they tree-shake. The
 * entries share their chunks, so a class such as an error or `UnixNanos` is one class across `.` and
 * `./testing`.
 */
export function nodeBundle(entries: readonly string[], external: readonly (string | RegExp)[]) {
  return {
    ...sharedSettings(external),
    entry: entryFilesOf(entries),
    outDir: 'dist/bundled',
    platform: 'node' as const,
    bundle: true,
    splitting: true,
    // esbuild's own tree-shaking of the bundle; declarations come from the `modules` build.
    treeshake: false,
    dts: false,
  };
}

/** How a package's test files share their process (see `packageTests`). */
export interface TestSettings {
  /**
   * Files of the package's own that each test file runs first, after the check that fails a test which
   * leaves a server, a connection or a timer holding the event loop.
   */
  readonly setupFiles?: readonly string[];
  /**
   * Whether each test file loads the sources anew. Default false: a package's files spend more time
   * importing the same sources than running (half of the processor time of some suites), so they share
   * one import per worker; what each file needs of its own, its setup files register before it runs,
   * and a file that changes the environment or a global puts it back after each test.
   */
  readonly isolate?: boolean;
  /** Whether the open-handle check runs after each test. Default: true. */
  readonly openHandles?: boolean;
  /** Test files at once; default: vitest's (one on a machine of two cores). */
  readonly maxWorkers?: number;
}

const OPEN_HANDLES_SETUP = fileURLToPath(new URL('../test-support/open-handles.setup.ts', import.meta.url));

/**
 * vitest settings: the tests under test/, a JSON report for the closing summary, enforced coverage, and
 * the open-handle check after every test.
 */
export function packageTests(minLineCoverage: number, settings: TestSettings = {}) {
  const { setupFiles = [], isolate = false, openHandles = true, maxWorkers } = settings;
  return {
    define: define(),
    test: {
      include: ['test/**/*.test.ts'],
      reporters: ['default', ['json', { outputFile: 'test-results.json' }]] as [
        'default',
        ['json', { outputFile: string }],
      ],
      testTimeout: 20_000,
      isolate,
      setupFiles: [...(openHandles ? [OPEN_HANDLES_SETUP] : []), ...setupFiles],
      ...(maxWorkers === undefined ? {} : { maxWorkers }),
      coverage: {
        provider: 'v8' as const,
        include: ['src/**/*.ts'],
        exclude: ['src/**/index.ts'],
        reporter: ['text-summary', 'text'],
        thresholds: { lines: minLineCoverage },
      },
    },
  };
}
