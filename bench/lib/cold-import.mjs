// Cold import: a fresh Node process imports the package's main entry; the time of that import alone,
// as wall time and as CPU time of the process (the steadier of the two on a shared machine).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './stats.mjs';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** Median milliseconds (wall and CPU) of `await import(specifier)` in `runs` fresh processes. */
export function coldImport(specifier, runs) {
  const script = [
    'const t = performance.now(); const c = process.cpuUsage();',
    `await import(${JSON.stringify(specifier)});`,
    'const { user, system } = process.cpuUsage(c);',
    'process.stdout.write(JSON.stringify({ wall: performance.now() - t, cpu: (user + system) / 1000 }));',
  ].join(' ');
  const times = [];
  for (let i = 0; i < runs; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: benchDir,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`importing ${specifier} failed: ${run.stderr}`);
    times.push(JSON.parse(run.stdout));
  }
  return { wall: median(times.map((t) => t.wall)), cpu: median(times.map((t) => t.cpu)) };
}

/**
 * The file of a package's main entry under its `default` condition (what bundlers load), when the
 * `node` condition names another one; undefined when both are the same file.
 */
export function bundlerEntry(name) {
  const manifestUrl = import.meta.resolve(`${name}/package.json`);
  const main = JSON.parse(readFileSync(new URL(manifestUrl), 'utf8')).exports['.'];
  if (typeof main !== 'object' || main.node === undefined || main.node === main.default) return undefined;
  return pathToFileURL(join(dirname(fileURLToPath(manifestUrl)), main.default)).href;
}
