// Packs the workspace packages with pnpm (as `pnpm publish` would) and installs the tarballs into a
// fresh project outside the workspace, for the runtime suite (tests/runtimes), which runs them in
// runtimes other than Node. What npm installs from a registry is tested by the release round trip
// (round-trip.mjs, tests/consumers).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root. */
export const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The published packages, core first. */
export const PACKAGES = ['core', 'secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'];

/** Runs a command; resolves to its stdout, rejects with its output when it fails. */
export function run(command, args, { cwd, env = process.env, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else {
        const error = new Error(
          `\`${command} ${args.join(' ')}\` exited with ${signal ?? code} in ${cwd}\n${output}`,
        );
        error.output = output;
        error.stdout = stdout;
        reject(error);
      }
    });
    child.stdin.end(input ?? '');
  });
}

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

/** A temporary folder, removed by the returned `remove`. */
export async function temporaryFolder(prefix) {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
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
    env: { ...process.env, npm_config_workspace_dir: dir },
  });
}
