#!/usr/bin/env node
// Compiles the TypeScript a reader is shown (README blocks, or the @example blocks of the built
// declarations) against the built packages, under `strict` and under `strict` with
// `exactOptionalPropertyTypes` (on in a new TypeScript project), then runs the runnable blocks with
// Node against the fake services (fakes.mjs), each alone in a fresh module graph in one process's
// worker threads (run-pool.mjs). Failures listed in known-failures.mjs are expected, with
// their reason; a listed failure that no longer happens is itself a failure, so the list cannot go stale.
//
//   node scripts/code-blocks/check.mjs                 README blocks: compile and run
//   node scripts/code-blocks/check.mjs --examples      @example blocks of packages/*/dist/**/*.d.ts
//   node scripts/code-blocks/check.mjs --report        public operations without @example or @throws
//                                                      (fails when there is any)
//   options: --no-run (compile only), --verbose (list the operations of the report),
//            --package <name> (examples and report of one package, e.g. scheduler-client)
//
// Packages resolve from tests/docs/node_modules (its devDependencies are the packages, @types/node and
// what the blocks import); build them first.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_OPTIONS, CONFIGS, compilerHost, compilerOptions, loadTypeScript as load } from './compile.mjs';
import { exampleBlocks, operationReport, readmeBlocks, readmeFiles } from './extract.mjs';
import { knownFailures } from './known-failures.mjs';
import { startRunPool } from './run-pool.mjs';

export { BASE_OPTIONS, CONFIGS };

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const here = dirname(fileURLToPath(import.meta.url));

/** The TypeScript of the folder the blocks resolve from (the compiler users of the docs' packages run). */
export function loadTypeScript(resolveFrom = join(root, 'tests', 'docs')) {
  return load(resolveFrom);
}

/** The packages whose declarations carry @example blocks and operations. */
export const PACKAGES = ['core', 'secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'];

/** The blocks of the README files, or of the packages' @example tags. */
export async function collectBlocks({ examples = false, packages = PACKAGES } = {}) {
  if (!examples) return readmeBlocks(root, readmeFiles(root));
  const ts = await loadTypeScript();
  return packages.flatMap((name) => exampleBlocks(ts, root, `packages/${name}`));
}

/** The known failure that covers a block under a check, if any. */
function knownFailureOf(block, check) {
  return knownFailures.find(
    (known) => known.file === block.file && known.check === check && block.code.includes(known.contains),
  );
}

/**
 * A work folder beside nothing: the blocks as modules, a package.json making them ESM, and node_modules
 * pointing at the resolving package's, so `@infra-sdk/*` are the built workspace packages.
 */
function prepareWork(blocks, resolveFrom) {
  const dir = mkdtempSync(join(tmpdir(), 'code-blocks-'));
  symlinkSync(join(resolveFrom, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  mkdirSync(join(dir, 'src'));
  const files = blocks.map((block, index) => {
    const name = `block-${String(index + 1).padStart(3, '0')}`;
    const preludeLines = block.prelude === '' ? 0 : block.prelude.split('\n').length;
    const text = `${block.prelude === '' ? '' : `${block.prelude}\n`}${block.code}\nexport {};\n`;
    const path = join(dir, 'src', `${name}.ts`);
    writeFileSync(path, text);
    return { block, name, path, preludeLines };
  });
  return { dir, files };
}

/**
 * Compiles every block under one configuration, reusing what `oldProgram` (the same blocks under another
 * configuration) resolved and parsed. With `emitted`, emits first and calls it before checking, so the
 * blocks can start running while the program is checked. Returns the program and file path →
 * diagnostics.
 */
function compile(ts, work, extraOptions, { oldProgram, emitted }) {
  const options = compilerOptions(
    ts,
    {
      ...extraOptions,
      rootDir: join(work.dir, 'src'),
      outDir: join(work.dir, 'out'),
      typeRoots: [join(work.dir, 'node_modules', '@types')],
    },
    work.dir,
  );
  const program = ts.createProgram({
    rootNames: work.files.map((file) => file.path),
    options,
    host: compilerHost(ts, options),
    oldProgram,
  });
  const emitDiagnostics = emitted ? program.emit().diagnostics : [];
  emitted?.();
  const diagnostics = new Map(work.files.map((file) => [file.path, []]));
  const byPath = new Map(work.files.map((file) => [file.path, file]));
  const all = [...ts.getPreEmitDiagnostics(program), ...emitDiagnostics];
  for (const diagnostic of all) {
    const path = diagnostic.file?.fileName;
    const file = byPath.get(path);
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
    if (file === undefined) {
      // A problem outside the blocks (a declaration file, the settings) concerns all of them.
      for (const list of diagnostics.values())
        list.push({ code: diagnostic.code, text: `TS${diagnostic.code}: ${message}` });
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const inBlock = line - file.preludeLines;
    const where =
      inBlock < 0
        ? `${file.block.file} (prelude of the block at line ${file.block.line})`
        : `${file.block.file}:${file.block.line + inBlock}`;
    diagnostics.get(path).push({ code: diagnostic.code, text: `${where}: TS${diagnostic.code}: ${message}` });
  }
  return { program, diagnostics };
}

/**
 * The environment a block runs in: the services' variables of this machine left out (a block must never
 * reach a real service), and those the documentation's `fromEnv()` and tokens read set to the addresses
 * fakes.mjs routes to the fakes.
 */
function blockEnvironment() {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(SCHEDULER|SECRETS|REGISTRY|MESH)_/.test(name)),
  );
  return {
    ...env,
    NODE_NO_WARNINGS: '1',
    SCHEDULER_ADDR: 'https://scheduler.example:4646',
    SECRETS_ADDR: 'https://secrets.example:8200',
    SECRETS_TOKEN: 'fake-root-token',
    REGISTRY_ADDR: 'https://registry.example.com',
    REGISTRY_TOKEN: 'fake-registry-token',
    MESH_ADDR: 'http://127.0.0.1:8500',
  };
}

/**
 * Checks blocks: compiles them under every configuration (and emits under the first), then gives a
 * `run(block, { timeoutMs })` for the runnable ones. Returns per block and check the outcome: `ok`,
 * `failed` with the diagnostics, or `known` (failed as the known-failure list says), or `stale` (listed,
 * but passes). `timeoutMs` is a block's time limit, `concurrency` how many blocks run at once (two, or
 * one on one core); with `runAll`, every runnable block starts running once emitted, while the blocks
 * are checked, and `run(block)` gives its outcome. `remove()` ends the runs and deletes the work folder.
 */
export async function checkBlocks(
  blocks,
  { resolveFrom = join(root, 'tests', 'docs'), timeoutMs = 60_000, concurrency, runAll = false } = {},
) {
  const ts = await loadTypeScript(resolveFrom);
  const work = prepareWork(blocks, resolveFrom);
  copyFileSync(join(here, 'fakes.mjs'), join(work.dir, 'fakes.mjs'));
  const pool = startRunPool({ dir: work.dir, env: blockEnvironment(), size: concurrency });
  const remove = async () => {
    await pool.close();
    rmSync(work.dir, { recursive: true, force: true });
  };
  const runOnce = async (block, limit) => {
    const file = work.files.find((candidate) => candidate.block === block);
    const known = knownFailureOf(block, 'run');
    const { code, output, stoppedAfter } = await pool.run(join(work.dir, 'out', `${file.name}.js`), limit);
    if (code === 0) return known ? { status: 'stale', known, output } : { status: 'ok', output };
    const text = `${block.id}: the block ${code === null ? `was stopped after ${stoppedAfter} ms` : `exited with ${code}`}\n${output}`;
    if (known && new RegExp(known.pattern).test(text)) return { status: 'known', known, text };
    return { status: 'failed', text };
  };
  const started = new Map();
  const startAll = () => {
    for (const { block } of work.files.filter((file) => file.block.run)) {
      const outcome = runOnce(block, timeoutMs);
      // Awaited by run(block); a block nobody asks for must not fail the caller unheard.
      outcome.catch(() => {});
      started.set(block, outcome);
    }
  };
  const results = new Map(work.files.map((file) => [file.block.id, {}]));
  try {
    let oldProgram;
    for (const [check, extra] of Object.entries(CONFIGS)) {
      const first = oldProgram === undefined;
      const compiled = compile(ts, work, extra, {
        oldProgram,
        emitted: first ? () => runAll && startAll() : undefined,
      });
      oldProgram = compiled.program;
      for (const file of work.files) {
        results.get(file.block.id)[check] = judge(file.block, check, compiled.diagnostics.get(file.path));
      }
    }
  } catch (error) {
    await remove();
    throw error;
  }
  const run = (block, { timeoutMs: limit } = {}) =>
    limit === undefined && started.has(block) ? started.get(block) : runOnce(block, limit ?? timeoutMs);
  return { results, run, remove };
}

/** The outcome of one compile check of a block, the known-failure list applied. */
function judge(block, check, diagnostics) {
  const known = knownFailureOf(block, check);
  const problems = [...block.problems.map((text) => `${block.id}: ${text}`)];
  if (diagnostics.length === 0 && problems.length === 0) {
    return known ? { status: 'stale', known } : { status: 'ok' };
  }
  const texts = [...problems, ...diagnostics.map((d) => d.text)];
  if (known && problems.length === 0 && diagnostics.every((d) => known.codes.includes(d.code))) {
    return { status: 'known', known, text: texts.join('\n') };
  }
  return { status: 'failed', text: texts.join('\n') };
}

/** A one-line description of an outcome that is not `ok`. */
export function describeOutcome(block, check, outcome) {
  if (outcome.status === 'stale')
    return `${block.id} (${check}) is listed in known-failures.mjs but passes: remove the entry (${outcome.known.reason})`;
  if (outcome.status === 'known') return `${block.id} (${check}) fails as known: ${outcome.known.reason}`;
  return outcome.text ?? '';
}

async function main() {
  const argv = process.argv.slice(2);
  const args = new Set(argv);
  // `--package scheduler-client` limits --examples and --report to one package.
  const only = argv.includes('--package') ? argv[argv.indexOf('--package') + 1] : undefined;
  if (only !== undefined && !PACKAGES.includes(only))
    throw new Error(`--package: one of ${PACKAGES.join(', ')}`);
  const packages = only === undefined ? PACKAGES : [only];
  if (args.has('--report')) {
    const ts = await loadTypeScript();
    let total = 0;
    let noExample = 0;
    let noThrows = 0;
    for (const name of packages) {
      const dir = `packages/${name}`;
      if (!existsSync(join(root, dir, 'dist'))) throw new Error(`${dir}/dist is missing: build first`);
      const report = operationReport(ts, root, dir);
      total += report.operations;
      noExample += report.withoutExample.length;
      noThrows += report.withoutThrows.length;
      console.log(
        `${dir}: ${report.operations} public operations, ${report.withoutExample.length} without @example, ${report.withoutThrows.length} without @throws`,
      );
      if (args.has('--verbose')) {
        for (const symbol of report.withoutExample) console.log(`  no @example: ${symbol}`);
        for (const symbol of report.withoutThrows) console.log(`  no @throws:  ${symbol}`);
      }
    }
    console.log(
      `code-blocks: ${total} public operations, ${noExample} without @example, ${noThrows} without @throws`,
    );
    // Every public operation teaches: an example and the errors it throws, or the check fails.
    if (noExample + noThrows > 0) process.exitCode = 1;
    return;
  }
  const blocks = await collectBlocks({ examples: args.has('--examples'), packages });
  if (blocks.length === 0) {
    console.log('code-blocks: no blocks found');
    return;
  }
  const checked = await checkBlocks(blocks, { runAll: !args.has('--no-run') });
  let failed = 0;
  let counted = 0;
  try {
    for (const block of blocks) {
      const outcomes = Object.entries(checked.results.get(block.id));
      if (block.run && !args.has('--no-run')) outcomes.push(['run', await checked.run(block)]);
      for (const [check, outcome] of outcomes) {
        counted += 1;
        if (outcome.status === 'ok') continue;
        if (outcome.status !== 'known') failed += 1;
        console.log(describeOutcome(block, check, outcome));
      }
    }
  } finally {
    await checked.remove();
  }
  console.log(`code-blocks: ${blocks.length} blocks, ${counted} checks, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
