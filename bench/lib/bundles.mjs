// Bundle sizes as an application's bundler sees them: esbuild, minified, tree-shaken, then brotli.
// The metafile says which package each byte of the output comes from.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { browserBundle } from '../../scripts/lib/browser-bundle.mjs';

const benchDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = fileURLToPath(new URL('../..', import.meta.url));

/** The bundles the table shows: one operation and the whole client of each package, and the anchors. */
export const bundleCases = [
  ...[
    ['secrets', 'createSecretsCore, readRoleset', 'createSecretsClient', 'createSecretsCore, kvGroup'],
    ['scheduler', 'createSchedulerCore, readJob', 'createSchedulerClient', 'createSchedulerCore, jobsGroup'],
    ['registry', 'createRegistryCore, readBox', 'createRegistryClient', 'createRegistryCore, boxesGroup'],
    ['mesh', 'createMeshCore, readNamespace', 'createMeshClient', 'createMeshCore, namespacesGroup'],
  ].flatMap(([client, one, whole, group]) => [
    {
      client,
      kind: 'one operation',
      names: one,
      source: `export { ${one} } from '@infra-sdk/${client}-client';`,
    },
    {
      client,
      kind: 'whole client',
      names: whole,
      source: `export { ${whole} } from '@infra-sdk/${client}-client';`,
    },
    // A client built from the one group a program uses: what a whole client costs tree-shaken by group.
    {
      client,
      kind: 'one group',
      names: group,
      source: `export { ${group} } from '@infra-sdk/${client}-client';`,
    },
  ]),
  {
    client: 'core',
    kind: 'anchor',
    names: 'createTransport',
    source: "export { createTransport } from '@infra-sdk/core';",
  },
  { client: 'ky', kind: 'anchor', names: 'ky', source: "export { default } from 'ky';" },
  {
    client: 'valibot',
    kind: 'anchor',
    names: 'looseObject, string, number, optional, parse',
    source: "export { looseObject, string, number, optional, parse } from 'valibot';",
  },
];

/** Which package a bundled file belongs to. */
function owner(path) {
  const pnpm = /node_modules\/\.pnpm\/(@[^+/]+\+[^@/]+|[^@/]+)@/.exec(path);
  if (pnpm) return pnpm[1].replace('+', '/');
  const workspace = /(?:^|\/)packages\/([^/]+)\//.exec(path);
  if (workspace) return `@infra-sdk/${workspace[1]}`;
  return path;
}

/** Bundles one case: minified and brotli bytes, and minified bytes per package, largest first. */
export async function measureBundle(entry) {
  const { code, brotli, metafile } = await browserBundle(entry.source, benchDir);
  const output = Object.values(metafile.outputs)[0];
  const byPackage = new Map();
  const byFile = [];
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    byPackage.set(owner(path), (byPackage.get(owner(path)) ?? 0) + bytesInOutput);
    byFile.push({
      path: path.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, ''),
      bytes: bytesInOutput,
    });
  }
  return {
    ...entry,
    minified: code.length,
    brotli,
    packages: [...byPackage].sort((a, b) => b[1] - a[1]),
    files: byFile.sort((a, b) => b.bytes - a.bytes),
  };
}

/** The size-limit figures of a package, as `npm test` checks them ([] when size-limit cannot run). */
export function sizeLimitFigures(client) {
  const dir = `${rootDir}packages/${client === 'core' ? 'core' : `${client}-client`}`;
  return new Promise((resolve) => {
    execFile('pnpm', ['exec', 'size-limit', '--json'], { cwd: dir, encoding: 'utf8' }, (_error, stdout) => {
      try {
        resolve(JSON.parse(stdout));
      } catch {
        resolve([]);
      }
    });
  });
}
