// Cold import: a fresh Node process imports the package's main entry; the time of that import alone.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** Median milliseconds of `await import(specifier)` in `runs` fresh processes. */
export function coldImport(specifier, runs) {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t));`;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: benchDir,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`importing ${specifier} failed: ${run.stderr}`);
    times.push(Number(run.stdout));
  }
  return median(times);
}
