// Packs the workspace packages with pnpm (as `pnpm publish` would) and installs the tarballs into a
// fresh project outside the workspace, for the runtime suite (tests/runtimes), which runs them in
// runtimes other than Node. What npm installs from a registry is tested by the release round trip
// (round-trip.mjs, tests/consumers).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGES, run, temporaryFolder, workspaceRoot } from './round-trip.mjs';

export { PACKAGES, run, temporaryFolder, workspaceRoot };

/** Packs each named package folder (default: all) into `destination`; returns name → tarball path. */
export async function packAll(destination, folders = PACKAGES) {
  await mkdir(destination, { recursive: true });
  const tarballs = new Map();
  for (const folder of folders) {
    const dir = join(workspaceRoot, 'packages', folder);
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    const before = new Set(await readdir(destination));
    await run('pnpm', ['pack', '--pack-destination', destination], { cwd: dir });
    const added = (await readdir(destination)).filter((name) => name.endsWith('.tgz') && !before.has(name));
    if (added.length !== 1)
      throw new Error(`pnpm pack of ${manifest.name} left ${added.length} new tarballs`);
    tarballs.set(manifest.name, join(destination, added[0]));
  }
  return tarballs;
}

/**
 * Installs tarballs (name → path) and registry packages (name → range) into `dir` with pnpm, outside
 * the workspace and with the hoisted (npm-like) layout. Every `@infra-sdk` name resolves to its
 * tarball, also where another tarball depends on it.
 */
export async function installProject(dir, { tarballs, registry = {} }) {
  const dependencies = { ...registry };
  const overrides = {};
  for (const [name, tarball] of tarballs) {
    dependencies[name] = `file:${tarball}`;
    overrides[name] = `file:${tarball}`;
  }
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }, null, 2)}\n`,
  );
  await writeFile(
    join(dir, 'pnpm-workspace.yaml'),
    `nodeLinker: hoisted\noverrides:\n${Object.entries(overrides)
      .map(([name, spec]) => `  '${name}': '${spec}'\n`)
      .join('')}`,
  );
  await run('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile', '--reporter=silent'], {
    cwd: dir,
    env: { npm_config_workspace_dir: dir },
  });
}
