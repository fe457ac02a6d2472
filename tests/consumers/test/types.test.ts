// The declarations compile for every consumer: TypeScript 5.9 and 6, moduleResolution node16, nodenext
// and bundler, a browser project without @types/node and a Node project with it, skipLibCheck off. The
// projects install the packages from the registry the round trip published to (global-setup.ts), with npm.
// Each compile checks the project's files and every declaration file of ours (`check-project.mjs`);
// TypeScript's lib files and the other packages' declarations are read, not checked again in each of the
// eighteen compiles: no declaration of ours can change them, as long as none declares a global or pulls
// in a lib, which the first test checks of every installed declaration file. Each compiler runs its nine
// compiles in one process, which parses those other files once.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFolder } from '../../../scripts/lib/package-contents.mjs';
import { npmProject, run, temporaryFolder } from '../../lib/round-trip.mjs';
import { caretOf, PACKAGES, versionsAfter } from './versions.js';

const require = createRequire(import.meta.url);
const compilers = {
  'TypeScript 5.9': join(dirname(require.resolve('typescript-5.9/package.json')), 'lib', 'typescript.js'),
  'TypeScript 6': join(dirname(require.resolve('typescript/package.json')), 'lib', 'typescript.js'),
};
const checkProject = join(import.meta.dirname, '..', 'check-project.mjs');
const resolutions = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};
const consumers = {
  // What a browser project has: no @types/node installed, the DOM and ES2022 libs.
  browser: { lib: ['es2022', 'dom'], types: [], files: ['browser.ts'] },
  // A Node project: @types/node, the Node-only entries and the fakes, `await using`.
  node: { lib: ['es2022', 'dom', 'esnext.disposable'], types: ['node'], files: ['browser.ts', 'node.ts'] },
  // A new project's defaults (`tsc --init`): options filled from the environment must compile as they are.
  'new-project': {
    lib: ['es2022', 'dom', 'esnext.disposable'],
    types: ['node'],
    files: ['browser.ts', 'node.ts', 'new-project.ts'],
    options: {
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
    },
  },
};
const typesNodeVersion = require('@types/node/package.json').version;
const fixtures = join(import.meta.dirname, '..', 'fixtures');

let work: { path: string; remove: () => Promise<void> };
const projects = new Map<string, string>();
/** Each compile's errors ('' when it compiled), by compiler and config file. */
const compiled = new Map<string, Promise<Map<string, string>>>();

function tsconfigOf(consumer: (typeof consumers)[keyof typeof consumers], resolution: object) {
  return {
    compilerOptions: {
      ...resolution,
      target: 'es2022',
      lib: consumer.lib,
      types: consumer.types,
      strict: true,
      skipLibCheck: false,
      skipDefaultLibCheck: true,
      noEmit: true,
      ...('options' in consumer ? consumer.options : {}),
    },
    files: consumer.files,
  };
}

/** Compiles every config with one compiler, in one process (check-project.mjs): errors by config file. */
async function compileAll(compiler: string, configs: string[]): Promise<Map<string, string>> {
  const output = await run(process.execPath, [checkProject, compiler, ...configs], { cwd: work.path });
  const results = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { config: string; errors: string });
  return new Map(results.map(({ config, errors }) => [config, errors]));
}

/** The published packages at the round trip's last release, as a user's package.json asks for them. */
const published = () => Object.fromEntries(PACKAGES.map((name) => [name, caretOf(versionsAfter(2)[name])]));

beforeAll(async () => {
  work = await temporaryFolder('consumer-types-');
  for (const [name, consumer] of Object.entries(consumers)) {
    const dir = join(work.path, name);
    await mkdir(dir);
    // A project that uses Node's types (the `./node` entries, `process.env`) installs @types/node itself.
    const extra = consumer.types.length > 0 ? { '@types/node': typesNodeVersion } : {};
    await npmProject(dir, inject('registry'), { ...published(), ...extra }, { cache: inject('npmCache') });
    for (const file of consumer.files) await copyFile(join(fixtures, file), join(dir, file));
    projects.set(name, dir);
  }
  const configs: string[] = [];
  for (const [consumerName, consumer] of Object.entries(consumers)) {
    for (const [resolutionName, resolution] of Object.entries(resolutions)) {
      const config = join(projects.get(consumerName) ?? '', `tsconfig.${resolutionName}.json`);
      await writeFile(config, JSON.stringify(tsconfigOf(consumer, resolution)));
      configs.push(config);
    }
  }
  // One process per compiler, both at once (the machine's two cores); the tests below wait for theirs.
  for (const [name, compiler] of Object.entries(compilers)) {
    const results = compileAll(compiler, configs);
    results.catch(() => {});
    compiled.set(name, results);
  }
});

afterAll(async () => {
  await work?.remove();
});

it('installs declarations that declare no global and reference no lib, so the lib files are what TypeScript ships', () => {
  const problems: string[] = [];
  for (const dir of projects.values()) {
    const scope = join(dir, 'node_modules', '@infra-sdk');
    for (const [file, bytes] of readFolder(scope) as Map<string, Buffer>) {
      if (!file.endsWith('.d.ts')) continue;
      const text = bytes.toString('utf8');
      if (/^\s*declare\s+global\b/m.test(text)) problems.push(`${file}: declare global`);
      if (/\/\/\/\s*<reference\s+lib=/.test(text)) problems.push(`${file}: a lib reference`);
    }
  }
  expect(problems).toEqual([]);
});

describe.each(Object.keys(compilers))('%s', (compilerName) => {
  for (const consumerName of Object.keys(consumers)) {
    for (const resolutionName of Object.keys(resolutions)) {
      it(`compiles a ${consumerName} project with moduleResolution ${resolutionName}, skipLibCheck off`, async () => {
        const config = join(projects.get(consumerName) ?? '', `tsconfig.${resolutionName}.json`);
        const results = await compiled.get(compilerName);
        expect(results?.has(config), `no result for ${config}`).toBe(true);
        expect(results?.get(config)?.trim()).toBe('');
      });
    }
  }
});
