// The bundle an application makes with esbuild (minified, ESM, browser platform, brotli quality 11), the
// figure the bundle goals in bench/README.md are set in. size-limit measures with rolldown, which drops
// unused valibot schemas that esbuild keeps, so a change of layout or a schema that a read starts to
// import shows only here. Budgets: `esbuild-size` in the package's package.json.
import { readFileSync } from 'node:fs';
import { browserBundle } from './lib/browser-bundle.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const checks = pkg['esbuild-size'] ?? [];
let failed = false;

for (const check of checks) {
  // The built entry as a file of this package, so its `sideEffects: false` applies as it would to an
  // application's import.
  const { brotli: bytes } = await browserBundle(
    `export ${check.import} from './${check.path}';`,
    process.cwd(),
  );
  const limit = Math.round(Number.parseFloat(check.limit) * 1000);
  const over = bytes > limit;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${check.name}: ${(bytes / 1000).toFixed(2)} kB (budget ${check.limit}, esbuild, brotli)`,
  );
}
if (failed) {
  console.error('esbuild-size: a bundle is over its budget; see `esbuild-size` in package.json');
  process.exit(1);
}
