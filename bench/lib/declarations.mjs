// What a package's declarations weigh: the size of each `dist/index.d.ts`, and what type-checking a
// file that only imports a client costs (skipLibCheck off) beyond a file that imports `node:fs` alone,
// in CPU milliseconds of a fresh process per check, rounds interleaved (median of the rounds).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';

const benchDir = fileURLToPath(new URL('..', import.meta.url));
const workDir = join(benchDir, '.work', 'declarations');
// @types/node, as a Node project has it: the copy core's own tests use.
const typeRoot = join(benchDir, '..', 'packages', 'core', 'node_modules', '@types');

export const declarationPackages = [
  { name: 'core', create: 'createTransport' },
  { name: 'secrets-client', create: 'createSecretsClient' },
  { name: 'scheduler-client', create: 'createSchedulerClient' },
  { name: 'registry-client', create: 'createRegistryClient' },
  { name: 'mesh-client', create: 'createMeshClient' },
];

/**
 * Bytes of the package's `dist/index.d.ts`, as installed, and of it with every declaration file of the
 * package it imports (shared chunks), which a compiler loads with it.
 */
export function declarationBytes(name) {
  const manifest = fileURLToPath(import.meta.resolve(`@infra-sdk/${name}/package.json`));
  const types = JSON.parse(readFileSync(manifest, 'utf8')).exports['.'].types;
  const entry = join(dirname(manifest), types);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/\bfrom '(\.{1,2}\/[^']+)'/g)) {
      visit(join(dirname(file), specifier.replace(/\.js$/, '.d.ts')));
    }
  };
  visit(entry);
  let reached = 0;
  for (const file of seen) reached += statSync(file).size;
  return { index: statSync(entry).size, reached };
}

function check(file) {
  const run = spawnSync(process.execPath, [join(benchDir, 'lib', 'typecheck-child.mjs'), file, typeRoot], {
    cwd: workDir,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`type-checking ${file} failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout);
  if (result.errors.length > 0) throw new Error(`${file} does not compile:\n${result.errors.join('\n')}`);
  return result;
}

/**
 * Median CPU ms of checking the baseline (`node:fs`) and each package's file, and the median over the
 * rounds of each round's difference to its own baseline.
 */
export function typecheckCosts(rounds) {
  mkdirSync(workDir, { recursive: true });
  writeFileSync(join(workDir, 'package.json'), '{ "type": "module" }\n');
  const files = { baseline: join(workDir, 'fs.ts') };
  writeFileSync(files.baseline, "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n");
  for (const { name, create } of declarationPackages) {
    files[name] = join(workDir, `${name}.ts`);
    writeFileSync(files[name], `import { ${create} } from '@infra-sdk/${name}';\nexport { ${create} };\n`);
  }
  const samples = Object.fromEntries(Object.keys(files).map((key) => [key, []]));
  check(files.baseline); // warms the disk cache
  for (let round = 0; round < rounds; round++) {
    for (const [key, file] of Object.entries(files)) samples[key].push(check(file).cpu);
  }
  const baseline = median(samples.baseline);
  return {
    baseline,
    packages: declarationPackages.map(({ name }) => ({
      name,
      cpu: median(samples[name]),
      extra: median(samples[name].map((cpu, round) => cpu - samples.baseline[round])),
    })),
  };
}
