#!/usr/bin/env node
// The public API of a package, one API Extractor report per entry point (`api/<name>.api.md`), from
// the built declarations. Run from a package folder:
//   node ../../scripts/api-report.mjs            fails when an entry's API differs from its report
//   node ../../scripts/api-report.mjs --update   rewrites the reports (then commit them)
// From the root, `pnpm run api:update` rewrites every package's reports.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor';

// A union of string literals is printed in the order the compiler happened to create its members, which
// differs between builds of the same sources; the report lists such members sorted.
const LITERAL = String.raw`(?:"(?:[^"\\]|\\.)*"|\(string & \{\}\))`;
const LITERAL_UNION = new RegExp(String.raw`${LITERAL}(?: \| ${LITERAL})+`, 'g');

const packageDir = process.cwd();
const update = process.argv.includes('--update');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const unscoped = manifest.name.replace(/^@[^/]+\//, '');
const reportFolder = join(packageDir, 'api');
const scratch = await mkdtemp(join(tmpdir(), 'api-report-'));

/** Each entry point of the exports map with its declaration file, e.g. `./testing` → dist/testing/index.d.ts. */
function entries() {
  return Object.entries(manifest.exports)
    .filter(([subpath, target]) => typeof target === 'object' && target.types && subpath !== './package.json')
    .map(([subpath, target]) => ({
      subpath,
      types: join(packageDir, target.types),
      reportName: subpath === '.' ? unscoped : `${unscoped}-${subpath.slice(2).replaceAll('/', '-')}`,
    }));
}

/** API Extractor's settings for one entry point. */
function configFor(entry) {
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: packageDir,
      mainEntryPointFilePath: entry.types,
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'es2023',
            lib: ['es2023', 'dom', 'dom.iterable', 'dom.asynciterable', 'esnext.disposable'],
            module: 'nodenext',
            moduleResolution: 'nodenext',
            types: ['node'],
            strict: true,
            skipLibCheck: true,
          },
          files: [entry.types],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: `${entry.reportName}.api.md`,
        reportFolder,
        reportTempFolder: scratch,
        includeForgottenExports: true,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        // Release tags (@public, @beta) are not used here; every export is public.
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          'ae-missing-release-tag': { logLevel: 'none' },
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: false },
          'ae-internal-missing-underscore': { logLevel: 'none' },
          'ae-undocumented': { logLevel: 'none' },
        },
        // The doc comments are checked by TypeDoc (docs:site), not here.
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: join(packageDir, 'api-extractor.json'),
    packageJsonFullPath: join(packageDir, 'package.json'),
  });
}

let failed = false;
try {
  mkdirSync(reportFolder, { recursive: true });
  const all = entries();
  for (const entry of all) {
    if (!existsSync(entry.types)) throw new Error(`${entry.types} does not exist: build the package first`);
  }
  // One compiler program for every entry: the entries share most of their declarations, and reading
  // them once is most of the run's time.
  const configs = all.map(configFor);
  const compilerState = CompilerState.create(configs[0], {
    additionalEntryPoints: all.slice(1).map((entry) => entry.types),
  });
  for (const [index, entry] of all.entries()) {
    const config = configs[index];
    const result = Extractor.invoke(config, {
      localBuild: false,
      showVerboseMessages: false,
      messageCallback: quiet,
      compilerState,
    });
    const report = `api/${entry.reportName}.api.md`;
    const generated = join(scratch, `${entry.reportName}.api.md`);
    if (!existsSync(generated)) throw new Error(`API Extractor wrote no report for "${entry.subpath}"`);
    const wanted = canonical(readFileSync(generated, 'utf8'));
    const committed = join(packageDir, report);
    const changed =
      !existsSync(committed) || comparable(readFileSync(committed, 'utf8')) !== comparable(wanted);
    if (changed && update) writeFileSync(committed, wanted);
    if (changed && !update) {
      failed = true;
      console.error(
        `api-report ${manifest.name}: the API of "${entry.subpath}" differs from ${report}. If the change is meant, run \`pnpm run api:update\`, commit the report, and add a changeset (a removed or changed line is a breaking change).`,
      );
    } else if (!result.succeeded && !result.apiReportChanged) {
      failed = true;
      console.error(`api-report ${manifest.name}: API Extractor failed on "${entry.subpath}"`);
    } else
      console.log(`api-report ${manifest.name}: ${report} ${update && changed ? 'updated' : 'up to date'}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/** The report with every union of string literals in one order. */
function canonical(text) {
  return text.replace(LITERAL_UNION, (union) => union.split(' | ').sort().join(' | '));
}

/** What two reports must share to describe the same API: the canonical text, spacing aside. */
function comparable(text) {
  return canonical(text).replace(/\s+/g, ' ').trim();
}

/** Keeps API Extractor's own chatter (its version banner, "analysis complete") off the output. */
function quiet(message) {
  if (message.logLevel === 'info' || message.logLevel === 'verbose') message.handled = true;
  // This script compares the reports itself (union order and spacing aside) and says what differs.
  if (message.messageId === 'console-api-report-not-copied') message.handled = true;
}
