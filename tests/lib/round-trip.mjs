// The release round trip: the repository as it is (tracked and new files) copied to a temporary folder,
// released there as the release job does (release-plan rules, `changeset version`, `pnpm -r publish`) to a
// local registry (registry-server.mjs), and installed from that registry with plain npm into empty
// projects, as a user installs it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root. */
export const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The published packages, core first. */
export const PACKAGES = ['core', 'secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'];

/** The environment of every command: no registry or auth settings inherited from the process that runs us. */
function cleanEnvironment(extra = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^npm_config_(registry|userconfig|_auth|.*token)/i.test(name),
    ),
  );
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Runs a command; resolves to its stdout, rejects with its whole output when it fails. */
export function run(command, args, { cwd, env, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: cleanEnvironment(env),
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
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
    if (input !== undefined) {
      child.stdin.on('error', () => {}); // a command that exits without reading its input
      child.stdin.end(input);
    }
  });
}

/** A temporary folder, removed by the returned `remove`. */
export async function temporaryFolder(prefix) {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------
// The registry

const verdaccioDir = join(workspaceRoot, 'tests', 'lib', 'verdaccio');

/** Installs Verdaccio from its lockfile (npm ci) unless the installed copy matches it. */
export async function ensureVerdaccio() {
  const lock = readFileSync(join(verdaccioDir, 'package-lock.json'));
  const digest = createHash('sha256').update(lock).digest('hex');
  const stamp = join(verdaccioDir, 'node_modules', '.installed-from-lock');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: verdaccioDir });
  writeFileSync(stamp, digest);
}

/** Starts the registry with `storage` as its folder; resolves to its address and `stop()`. */
export async function startRegistry(storage) {
  const uplink = (await run('npm', ['config', 'get', 'registry'], { cwd: storage })).trim();
  const script = join(workspaceRoot, 'tests', 'lib', 'registry-server.mjs');
  const child = spawn(process.execPath, [script, JSON.stringify({ storage, uplink })], {
    cwd: storage,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  const url = await new Promise((resolve, reject) => {
    let buffered = '';
    child.once('exit', (code) =>
      reject(new Error(`the registry exited with ${code} before listening\n${log}`)),
    );
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((text) => text.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
  });
  child.removeAllListeners('exit');
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      child.stdin.end();
    });
  return { url, uplink, stop };
}

/** The .npmrc lines that point npm and pnpm at the registry, with a token it accepts for publishing. */
export function npmrcFor(url) {
  return `registry=${url}\n${url.replace(/^https?:/, '')}:_authToken=round-trip\n`;
}

// ---------------------------------------------------------------------------------------------
// The repository copy and its releases

/**
 * Copies the repository (tracked files and new ones not ignored, as they are in the working tree) into
 * `dest`, with each package's `dist/` when the workspace has built it (the build of these very sources:
 * `release` reuses it instead of building again), makes it a git repository of its own (the release
 * rules read tags, changesets reads history), and installs its locked dependencies.
 */
export async function copyRepository(dest) {
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: workspaceRoot,
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = join(workspaceRoot, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(from, join(dest, file));
  }
  for (const folder of PACKAGES) {
    const dist = join(workspaceRoot, 'packages', folder, 'dist');
    if (existsSync(dist)) cpSync(dist, join(dest, 'packages', folder, 'dist'), { recursive: true });
  }
  const git = (...args) =>
    run('git', ['-c', 'user.name=release', '-c', 'user.email=release@localhost', ...args], { cwd: dest });
  await git('init', '-q', '-b', 'main');
  await git('commit', '-q', '--allow-empty', '-m', 'start');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'the repository');
  await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], { cwd: dest });
  return { git };
}

/** The version of each published package in the copy. */
export function versionsIn(dest) {
  return Object.fromEntries(
    PACKAGES.map((folder) => {
      const manifest = JSON.parse(readFileSync(join(dest, 'packages', folder, 'package.json'), 'utf8'));
      return [manifest.name, manifest.version];
    }),
  );
}

/** Writes and commits a changeset: `bumps` is package name → patch | minor | major. */
export async function addChangeset(dest, git, name, bumps, summary) {
  const header = Object.entries(bumps)
    .map(([pkg, bump]) => `'${pkg}': ${bump}`)
    .join('\n');
  writeFileSync(join(dest, '.changeset', `${name}.md`), `---\n${header}\n---\n\n${summary}\n`);
  await git('add', '-A');
  await git('commit', '-q', '-m', `changeset: ${name}`);
}

/** Runs the release-plan rules on the pending changesets; resolves to `{ ok, output }`. */
export async function releasePlan(dest) {
  try {
    return { ok: true, output: await run(process.execPath, ['scripts/release-plan.mjs'], { cwd: dest }) };
  } catch (error) {
    return { ok: false, output: error.output };
  }
}

// The one build input that differs between two releases of the same sources: the version, which the
// build defines into one constant (config/package-tools.ts), in the module build and in the Node bundle.
const VERSION_CONSTANT = /(\bpackageVersion = )"([^"]*)"/g;

/** Every built JavaScript file under `dir`. */
function builtFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Gives a package's existing build the version `changeset version` gave it, as a build would: the
 * version constant is rewritten wherever the build put it (a client has it in each of its two builds;
 * core has none), and the build is dated now, so prepack finds it current and packs it as it is.
 */
function restampBuild(packageDir, from, to) {
  const dist = join(packageDir, 'dist');
  let found = 0;
  for (const file of builtFiles(dist)) {
    const text = readFileSync(file, 'utf8');
    const stamped = text.replace(VERSION_CONSTANT, (_match, prefix, version) => {
      if (version !== from) throw new Error(`${file} was built as ${version}, not ${from}`);
      found += 1;
      return `${prefix}${JSON.stringify(to)}`;
    });
    if (stamped !== text) writeFileSync(file, stamped);
  }
  const now = new Date();
  for (const file of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (file.isFile()) utimesSync(join(file.parentPath, file.name), now, now);
  }
  return found;
}

/**
 * Releases what the pending changesets say, as `pnpm run release` does: the release-plan rules, then
 * `changeset version`, a commit, `pnpm -r publish` to the registry (each package's prepack packs its
 * current build) and the `<name>@<version>` tags the API-report rule compares against. The sources do
 * not change between releases, so each package is built at most once: the workspace's build copied
 * with the repository (or the first release's), given each new version by `restampBuild`.
 */
export async function release(dest, git, registryUrl) {
  const plan = await releasePlan(dest);
  if (!plan.ok) throw new Error(`the release plan was refused:\n${plan.output}`);
  const before = versionsIn(dest);
  // Right after `changeset version` (as the release job runs the suite) nothing is pending, and
  // `changeset version` would refuse to run: the versions as they are get published.
  const pending = readdirSync(join(dest, '.changeset')).filter(
    (file) => file.endsWith('.md') && file.toLowerCase() !== 'readme.md',
  );
  if (pending.length > 0) {
    await run('pnpm', ['exec', 'changeset', 'version'], { cwd: dest });
    await git('add', '-A');
    await git('commit', '-q', '-m', 'version packages');
  }
  const after = versionsIn(dest);
  const released = Object.keys(after).filter((name) => after[name] !== before[name]);
  // A package never built yet is built with its new version, two at a time in dependency order; the
  // others take their new version into the build they have. Either way prepack then finds dist/
  // current. `pnpm -r publish` publishes every version the registry does not have yet.
  const unbuilt = PACKAGES.filter((folder) => !existsSync(join(dest, 'packages', folder, 'dist')));
  if (unbuilt.length > 0) {
    const filters = unbuilt.flatMap((folder) => ['--filter', `./packages/${folder}`]);
    await run('pnpm', ['-r', '--workspace-concurrency=2', ...filters, 'run', 'build'], { cwd: dest });
  }
  for (const folder of PACKAGES) {
    const name = `@infra-sdk/${folder}`;
    if (unbuilt.includes(folder) || !released.includes(name)) continue;
    const stamped = restampBuild(join(dest, 'packages', folder), before[name], after[name]);
    if (folder !== 'core' && stamped === 0) throw new Error(`${name}: no version constant in its build`);
  }
  writeFileSync(join(dest, '.npmrc'), npmrcFor(registryUrl));
  await run('pnpm', ['-r', 'publish', '--registry', registryUrl, '--no-git-checks'], { cwd: dest });
  for (const name of released) await git('tag', `${name}@${after[name]}`);
  return { released: Object.fromEntries(released.map((name) => [name, after[name]])), versions: after };
}

// ---------------------------------------------------------------------------------------------
// Installing as a user

/**
 * An empty npm project in `dir` that installs `dependencies` (name → range) from the registry with plain
 * npm; resolves to helpers that read what got installed.
 */
export async function npmProject(dir, registryUrl, dependencies, { cache } = {}) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'team-project', private: true, type: 'module', dependencies }, null, 2)}\n`,
  );
  writeFileSync(join(dir, '.npmrc'), npmrcFor(registryUrl));
  const args = ['install', '--no-audit', '--no-fund', '--loglevel=error'];
  if (cache) args.push('--cache', cache);
  await run('npm', args, { cwd: dir });
  return {
    dir,
    /** Runs `npm ls <args>` and returns its stdout, also when it exits non-zero (it does for invalid trees). */
    ls: (...lsArgs) =>
      run('npm', ['ls', ...lsArgs], { cwd: dir }).catch((error) => {
        if (error.stdout) return error.stdout;
        throw error;
      }),
    version: (path) => JSON.parse(readFileSync(join(dir, path, 'package.json'), 'utf8')).version,
  };
}

/** Every package of an `npm ls --all --json` tree, as `name@version` (sorted, each once). */
export function installedPackages(tree) {
  const found = new Set();
  const walk = (node) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (child.version) found.add(`${name}@${child.version}`);
      walk(child);
    }
  };
  walk(tree);
  return [...found].sort();
}
