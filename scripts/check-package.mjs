#!/usr/bin/env node
// Checks the tarball a package would publish, not its source folder: what users install is what
// `pnpm pack` produces (with workspace: and catalog: ranges resolved), so every check runs on it.
// Run from a package folder (its `check:package` script). Needs only node: modules; it spawns pnpm,
// npm and node, and the package's own publint and attw through `pnpm exec`.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  manifestLinkProblems,
  readmeLinkProblems,
  repositoryWebUrl,
  sourceMapProblems,
} from './lib/package-contents.mjs';

const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = process.cwd();
const started = performance.now();
const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
const label = `check:package ${manifest.name}`;

/** Child processes still running, stopped if this script is interrupted. */
const running = new Set();

/** A failed check: the message says what is wrong, `output` holds what the tool printed. */
class CheckFailure extends Error {
  constructor(message, output = '') {
    super(message);
    this.output = output;
  }
}

function report(message) {
  console.log(`${label}: ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Processes

/** Runs a command to completion and returns its stdout; a non-zero exit becomes a CheckFailure carrying its output. */
function run(command, args, { cwd }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
    running.add(child);
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => reject(new CheckFailure(`could not start ${command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve(stdout);
      else {
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        reject(new CheckFailure(`\`${command} ${args.join(' ')}\` ${how} (in ${cwd})`, output));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Step 1: pack

/** Packs a workspace package with pnpm and reads the tarball back. */
async function packPackage(dir, destination) {
  await mkdir(destination, { recursive: true });
  await run('pnpm', ['pack', '--pack-destination', destination], { cwd: dir });
  const tarballs = (await readdir(destination)).filter((name) => name.endsWith('.tgz'));
  if (tarballs.length !== 1) {
    throw new CheckFailure(`pnpm pack left ${tarballs.length} tarballs in ${destination}`);
  }
  const tarball = join(destination, tarballs[0]);
  const files = readTarball(await readFile(tarball));
  const text = files.get('package.json')?.toString('utf8');
  if (text === undefined) throw new CheckFailure(`${tarball} holds no package.json`);
  const packedManifest = JSON.parse(text);
  const unresolved = [];
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) {
    for (const [name, range] of Object.entries(packedManifest[field] ?? {})) {
      if (/^(workspace|catalog):/.test(String(range))) unresolved.push(`${field}.${name}: ${range}`);
    }
  }
  if (unresolved.length > 0) {
    throw new CheckFailure(
      `the packed package.json of ${packedManifest.name} keeps ranges only pnpm understands: ${unresolved.join(', ')}`,
    );
  }
  return { tarball, files, manifest: packedManifest, dir };
}

/** The files of a gzipped tarball, keyed by path without the leading `package/` folder. */
function readTarball(gzipped) {
  const data = gunzipSync(gzipped);
  const files = new Map();
  let nextPath; // set by a pax or GNU long-name header, for the entry that follows
  for (let offset = 0; offset + 512 <= data.length; ) {
    const header = data.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start, length) => {
      const raw = header.subarray(start, start + length);
      const end = raw.indexOf(0);
      return raw.subarray(0, end === -1 ? length : end).toString('utf8');
    };
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const body = data.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      if (match) nextPath = match[1];
      continue;
    }
    if (type === 'L') {
      nextPath = body.toString('utf8').replace(/\0+$/, '');
      continue;
    }
    const prefix = field(257, 6).startsWith('ustar') ? field(345, 155) : '';
    const path = nextPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    nextPath = undefined;
    if (type === '0' || type === '7') files.set(path.replace(/^[^/]+\//, ''), Buffer.from(body));
  }
  return files;
}

// ---------------------------------------------------------------------------------------------
// Step 2: what npm shows and what a release needs

/**
 * The fields npm and provenance need (the repository with its folder, so the registry links the
 * package's own source), and the files every tarball must carry: the built dist/ (the `prepack`
 * script builds it), the license, the readme and the changelog `changeset version` writes.
 */
function checkReleaseMetadata({ manifest: pkg, files }) {
  const problems = [];
  const repository = pkg.repository;
  if (typeof repository !== 'object' || !repository?.url || !repository?.directory) {
    problems.push('"repository" needs "type", "url" and "directory" (the package folder)');
  } else if (repository.directory !== relative(workspaceRoot, packageDir).replaceAll('\\', '/')) {
    problems.push(`"repository.directory" is ${repository.directory}, not this package's folder`);
  }
  if (typeof pkg.homepage !== 'string' || pkg.homepage === '') problems.push('"homepage" is missing');
  if (!pkg.bugs?.url && typeof pkg.bugs !== 'string') problems.push('"bugs" is missing');
  if (!Array.isArray(pkg.keywords) || pkg.keywords.length === 0) problems.push('"keywords" is missing');
  if (typeof pkg.license !== 'string') problems.push('"license" is missing');
  if (!manifest.scripts?.prepack) problems.push('no "prepack" script: a tarball could ship without dist/');
  for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md']) {
    if (!files.has(file)) problems.push(`${file} is not in the tarball`);
  }
  if (![...files.keys()].some((file) => file.startsWith('dist/') && file.endsWith('.js'))) {
    problems.push('the tarball holds no dist/*.js');
  }
  if (problems.length > 0)
    throw new CheckFailure(`the package is not ready to publish: ${problems.join('; ')}`);
}

/**
 * What the package page and a user's debugger see: `repository`, `homepage` and `bugs` derived from the
 * repository URL of the root package.json (the one place it is written), README links that work on the
 * package page (absolute, into that repository, or anchors that exist), and no source map that is not
 * in the tarball, nor a map whose sources are not.
 */
function checkContents({ manifest: pkg, files }) {
  const rootManifest = JSON.parse(readFileSync(join(workspaceRoot, 'package.json'), 'utf8'));
  const repositoryUrl = repositoryWebUrl(rootManifest);
  const directory = relative(workspaceRoot, packageDir).replaceAll('\\', '/');
  const problems = manifestLinkProblems(pkg, { repositoryUrl, directory });
  const readme = files.get('README.md')?.toString('utf8') ?? '';
  problems.push(...readmeLinkProblems(readme, { repositoryUrl, repoRoot: workspaceRoot }));
  const maps = sourceMapProblems(files);
  problems.push(...maps.problems);
  if (problems.length > 0) {
    throw new CheckFailure(`the packed files do not hold together:\n  ${problems.join('\n  ')}`);
  }
  return { repositoryUrl, maps: maps.maps };
}

// ---------------------------------------------------------------------------------------------
// Step 4: what the entries import

/** The `exports` map as subpath → target, whichever shorthand the package uses. */
function exportEntries(pkg) {
  const { exports } = pkg;
  if (exports === undefined) throw new CheckFailure('package.json has no "exports" map');
  const sugar =
    typeof exports === 'string' ||
    Array.isArray(exports) ||
    Object.keys(exports).every((key) => !key.startsWith('.'));
  const map = sugar ? { '.': exports } : exports;
  if (!('.' in map)) throw new CheckFailure('the "exports" map has no "." entry');
  return map;
}

/** The JavaScript files a target may resolve to, under any condition but `types`. */
function runtimeTargets(target) {
  if (typeof target === 'string') return /\.d\.[cm]?ts$/.test(target) ? [] : [target];
  if (Array.isArray(target)) return target.flatMap(runtimeTargets);
  if (target && typeof target === 'object') {
    return Object.entries(target)
      .filter(([condition]) => condition !== 'types' && !condition.startsWith('types@'))
      .flatMap(([, value]) => runtimeTargets(value));
  }
  return [];
}

// Static imports and re-exports, side-effect imports, import() with a literal, and require().
const SPECIFIER_PATTERNS = [
  /(?:^|[^\w$.])(?:import|export)\s*[\w$*{},\s]*?\s*from\s*(['"])([^'"\n]+)\1/g,
  /(?:^|[^\w$.])import\s*(['"])([^'"\n]+)\1/g,
  /(?:^|[^\w$.])import\s*\(\s*(['"])([^'"\n]+)\1\s*[,)]/g,
  /(?:^|[^\w$.])require\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

function specifiersOf(source) {
  const found = new Set();
  // Doc comments stay in the unminified builds, and their examples import what they show
  // (`import { readFileSync } from 'node:fs'`): code the entry never runs.
  const code = source.replace(/\/\*\*[\s\S]*?\*\//g, '');
  for (const pattern of SPECIFIER_PATTERNS) {
    for (const match of code.matchAll(pattern)) found.add(match[2]);
  }
  return found;
}

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** What a package may import: its declared dependencies, and which of them are optional peers. */
function dependencyRules(pkg) {
  const declared = new Set(
    ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
      Object.keys(pkg[field] ?? {}),
    ),
  );
  const optionalPeers = new Set(
    Object.entries(pkg.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta?.optional)
      .map(([name]) => name),
  );
  return { declared, optionalPeers };
}

const BUILTINS = new Set(builtinModules.map((name) => name.replace(/^node:/, '')));

/**
 * Follows every entry's imports through the packed files, and on into the packed workspace packages
 * it depends on (a client's main entry importing `@infra-sdk/core/node` is caught this way). Any
 * file may import only what its package declares; what the main entry reaches, which runs in
 * browsers too, may import no Node builtin and no optional peer dependency.
 */
function checkImports(root, workspaceDependencies) {
  const packages = new Map([[root.manifest.name, root]]);
  for (const [name, dependency] of workspaceDependencies) packages.set(name, dependency);
  const rules = new Map([...packages].map(([name, packed]) => [name, dependencyRules(packed.manifest)]));
  const rootEntries = exportEntries(root.manifest);

  let mainFiles = 0;
  for (const [subpath, target] of Object.entries(rootEntries)) {
    if (subpath.includes('*') || subpath === './package.json') continue;
    const isMain = subpath === '.';
    const starts = runtimeTargets(target).map((file) => ({
      owner: root.manifest.name,
      file: posix.normalize(file),
    }));
    if (starts.length === 0) throw new CheckFailure(`exports["${subpath}"] names no JavaScript file`);
    const keyOf = ({ owner, file }) => (owner === root.manifest.name ? file : `${owner}/${file}`);
    const parentOf = new Map(starts.map((node) => [keyOf(node), undefined]));
    const queue = [...starts];
    const chain = (node) => {
      const names = [];
      for (let at = keyOf(node); at !== undefined; at = parentOf.get(at)) names.unshift(at);
      return names.join(' -> ');
    };
    while (queue.length > 0) {
      const node = queue.shift();
      const { owner, file } = node;
      const source = packages.get(owner).files.get(file);
      if (source === undefined) {
        throw new CheckFailure(
          `${chain(node)}: this file is not in the tarball of ${owner} (exports["${subpath}"])`,
        );
      }
      const { declared, optionalPeers } = rules.get(owner);
      for (const specifier of specifiersOf(source.toString('utf8'))) {
        let next;
        const name = packageNameOf(specifier);
        const isBuiltin =
          specifier.startsWith('node:') ||
          ((BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0])) && !declared.has(name));
        if (specifier.startsWith('./') || specifier.startsWith('../')) {
          next = { owner, file: posix.normalize(posix.join(posix.dirname(file), specifier)) };
        } else if (isBuiltin) {
          if (isMain) {
            throw new CheckFailure(
              `${chain(node)} imports the Node builtin "${specifier}"; the main entry must run in browsers, Bun and Deno, so move this code to a Node-only subpath entry (./node, ./testing)`,
            );
          }
          continue;
        } else if (
          /^[a-z][a-z0-9+.-]*:/i.test(specifier) ||
          specifier.startsWith('/') ||
          specifier.startsWith('#')
        ) {
          continue; // URLs, absolute paths and package imports are not followed
        } else {
          if (name !== owner && !declared.has(name)) {
            throw new CheckFailure(
              `${chain(node)} imports "${specifier}", but "${name}" is not in the dependencies or peerDependencies of ${owner}`,
            );
          }
          if (isMain && optionalPeers.has(name)) {
            throw new CheckFailure(
              `${chain(node)} imports the optional peer dependency "${name}"; users without it could not load the main entry`,
            );
          }
          const dependency = packages.get(name);
          if (dependency === undefined) continue; // a third-party package: not ours to walk
          const exported = exportEntries(dependency.manifest)[`.${specifier.slice(name.length)}`];
          const entryFile = exported === undefined ? undefined : runtimeTargets(exported)[0];
          if (entryFile === undefined) {
            throw new CheckFailure(`${chain(node)} imports ${specifier}, which ${name} does not export`);
          }
          next = { owner: name, file: posix.normalize(entryFile) };
        }
        if (!parentOf.has(keyOf(next))) {
          parentOf.set(keyOf(next), keyOf(node));
          queue.push(next);
        }
      }
    }
    if (isMain) mainFiles = parentOf.size;
  }
  return { mainFiles };
}

// ---------------------------------------------------------------------------------------------
// Step 5: install the tarball like a user and import every entry

/** Packs the workspace packages that `pkg` depends on, and theirs in turn. */
async function packWorkspaceDependencies(pkg) {
  const workspace = new Map();
  for (const entry of await readdir(join(workspaceRoot, 'packages'), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(workspaceRoot, 'packages', entry.name);
    const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (text !== undefined) workspace.set(JSON.parse(text).name, dir);
  }
  const packed = new Map();
  const visit = async (manifest) => {
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const name of Object.keys(manifest[field] ?? {})) {
        const dir = workspace.get(name);
        if (dir === undefined || packed.has(name) || name === pkg.name) continue;
        const dependency = await packPackage(dir, join(tempRoot, 'deps', name.replace('/', '__')));
        if (![...dependency.files.keys()].some((file) => file.endsWith('.js'))) {
          throw new CheckFailure(
            `the packed ${name} holds no JavaScript; build it first (pnpm run build in ${dir})`,
          );
        }
        packed.set(name, dependency);
        await visit(dependency.manifest);
      }
    }
  };
  await visit(pkg);
  return packed;
}

async function smokeTest(packed, dependencies) {
  const pkg = packed.manifest;
  const entries = exportEntries(pkg);
  // Peers come at the range the package publishes, so the smoke test sees what users can install.
  const peers = Object.entries(pkg.peerDependencies ?? {})
    .filter(([name]) => !dependencies.has(name))
    .map(([name, range]) => `${name}@${range}`);
  const project = join(tempRoot, 'project');
  await mkdir(project);
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'check-package-smoke', version: '0.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  const installs = [packed.tarball, ...[...dependencies.values()].map((d) => d.tarball), ...peers];
  await run('npm', ['install', '--no-audit', '--no-fund', ...installs], { cwd: project });

  const subpaths = Object.keys(entries).filter(
    (subpath) => subpath !== './package.json' && !subpath.includes('*'),
  );
  // Each subpath by name (what this runtime resolves), and each of its files under every condition: an
  // entry published twice (the `node` build beside the bundlers' modules) must export the same names.
  const installed = join(project, 'node_modules', ...pkg.name.split('/'));
  const probes = subpaths.map((subpath) => ({
    specifier: `${pkg.name}${subpath.slice(1)}`,
    files: [...new Set(runtimeTargets(entries[subpath]))].map(
      (file) => pathToFileURL(join(installed, file)).href,
    ),
  }));
  const probe = `
    const names = async (specifier) => Object.keys(await import(specifier)).sort();
    const results = [];
    for (const { specifier, files } of JSON.parse(process.argv[1])) {
      try {
        const exported = await names(specifier);
        const differing = [];
        for (const file of files) {
          const own = await names(file);
          if (own.join() !== exported.join()) differing.push({ file, only: own.filter((n) => !exported.includes(n)), missing: exported.filter((n) => !own.includes(n)) });
        }
        results.push({ specifier, count: exported.length, differing });
      } catch (error) {
        results.push({ specifier, error: String(error?.stack ?? error) });
      }
    }
    console.log(JSON.stringify(results));
  `;
  const stdout = await run(process.execPath, ['--input-type=module', '-e', probe, JSON.stringify(probes)], {
    cwd: project,
  });
  const results = JSON.parse(stdout.trim().split('\n').at(-1));
  const broken = results.filter((result) => result.error !== undefined);
  if (broken.length > 0) {
    throw new CheckFailure(
      `import() failed for ${broken.map((result) => result.specifier).join(', ')}`,
      broken.map((result) => `${result.specifier}:\n${result.error}`).join('\n\n'),
    );
  }
  const empty = results.filter((result) => result.count === 0);
  if (empty.length > 0) {
    throw new CheckFailure(
      `these entries export nothing: ${empty.map((result) => result.specifier).join(', ')}`,
    );
  }
  const unlike = results.filter((result) => result.differing.length > 0);
  if (unlike.length > 0) {
    throw new CheckFailure(
      `the files of ${unlike.map((result) => result.specifier).join(', ')} export different names under different conditions`,
      JSON.stringify(
        unlike.map(({ specifier, differing }) => ({ specifier, differing })),
        null,
        2,
      ),
    );
  }
  return results.map((result, index) => ({ subpath: subpaths[index], count: result.count }));
}

// ---------------------------------------------------------------------------------------------
// The checks, in order; the first failure stops them.

const tempRoot = await mkdtemp(join(tmpdir(), 'check-package-'));
// The temp folder goes away on every exit path, Ctrl-C included; a running tool is stopped first so
// that it does not write into the folder after it is gone.
const removeTemp = () => rmSync(tempRoot, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    removeTemp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

let step = 'pack';
try {
  const packed = await packPackage(packageDir, join(tempRoot, 'pack'));
  const pkg = packed.manifest;
  report(
    `pack ok (${posix.basename(packed.tarball)}, ${packed.files.size} files, no workspace:/catalog: ranges)`,
  );

  step = 'release metadata';
  checkReleaseMetadata(packed);
  report(
    'release metadata ok (repository, homepage, bugs, keywords; LICENSE, CHANGELOG.md, README.md, dist/ packed)',
  );

  step = 'contents';
  const contents = checkContents(packed);
  report(
    `contents ok (links from ${contents.repositoryUrl}, README links resolve, ${contents.maps} source maps, none dangling)`,
  );

  step = 'publint';
  await run('pnpm', ['exec', 'publint', '--strict', packed.tarball], { cwd: packageDir });
  report('publint ok');

  step = 'attw';
  await run('pnpm', ['exec', 'attw', packed.tarball, '--profile', 'esm-only'], { cwd: packageDir });
  report('attw ok');

  step = 'named types';
  const named = await run(process.execPath, [join(workspaceRoot, 'scripts', 'check-named-types.mjs')], {
    cwd: packageDir,
  });
  report(`named types ok (${named.trim().replace(/^check-named-types: /, '')})`);

  step = 'imports';
  const dependencies = await packWorkspaceDependencies(pkg);
  const graph = checkImports(packed, dependencies);
  report(`imports ok (main entry reaches ${graph.mainFiles} files, none imports a Node builtin)`);

  step = 'import smoke test';
  const imported = await smokeTest(packed, dependencies);
  report(
    `import smoke test ok (${imported.map(({ subpath, count }) => `${subpath}: ${count} export${count === 1 ? '' : 's'}`).join(', ')})`,
  );

  step = 'api report';
  await run(process.execPath, [join(workspaceRoot, 'scripts', 'api-report.mjs')], { cwd: packageDir });
  report('api report ok (the public API matches api/*.api.md)');

  report(`all checks passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (error instanceof CheckFailure) {
    if (error.output.trim()) console.error(error.output.trimEnd());
    console.error(`${label}: ${step} FAILED: ${error.message}`);
  } else {
    console.error(`${label}: ${step} FAILED with an unexpected error (a bug in this script?)`, error);
  }
  process.exitCode = 1;
} finally {
  removeTemp();
}
