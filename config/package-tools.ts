// Build and test settings every package shares; each package's tsup and vitest config names only what
// differs (its entries, what stays external, its coverage floor). Plain objects, so this file needs
// neither tool installed beside it.
import { readFileSync } from 'node:fs';

/** The version in the package.json of the folder the tool runs in: the package's own. */
function packageVersion(): string {
  return (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
}

// The user agent names the published version; the source reads it from this constant.
const define = () => ({ PACKAGE_VERSION: JSON.stringify(packageVersion()) });

/** tsup settings: ESM with declarations for each entry (`index`, `node/index`, `testing/index`). */
export function packageBuild(entries: readonly string[], external: readonly (string | RegExp)[]) {
  return {
    entry: Object.fromEntries(entries.map((entry) => [entry, `src/${entry}.ts`])),
    format: ['esm' as const],
    target: 'es2023',
    platform: 'neutral' as const,
    dts: true,
    sourcemap: true,
    clean: true,
    treeshake: true,
    splitting: true,
    external: [...external, /^node:/],
    // Keep the `node:` prefix on builtins in the Node-only entries: Deno and bundlers need it.
    removeNodeProtocol: false,
    define: define(),
  };
}

/** vitest settings: the tests under test/, a JSON report for the closing summary, enforced coverage. */
export function packageTests(minLineCoverage: number) {
  return {
    define: define(),
    test: {
      include: ['test/**/*.test.ts'],
      reporters: ['default', ['json', { outputFile: 'test-results.json' }]] as [
        'default',
        ['json', { outputFile: string }],
      ],
      testTimeout: 20_000,
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
