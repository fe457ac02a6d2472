// Where each runtime's executable comes from: npm packages of this workspace package (Node 22 and 24,
// Bun, Deno), and a system Chromium (Debian's `chromium`, installed by .ci/run) or CHROMIUM_PATH.
// The bun and deno packages' install scripts are not run (pnpm runs none unless allowed): their
// platform packages already hold the binaries, taken from there directly.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const platform = `${process.platform}-${process.arch}`;

/** The folder of a package, resolved from `from` (a package folder) or from here. */
function packageDir(name, from) {
  try {
    const paths = from === undefined ? undefined : [from];
    return dirname(require.resolve(`${name}/package.json`, paths ? { paths } : undefined));
  } catch {
    return undefined;
  }
}

function located(file, missing) {
  return file !== undefined && existsSync(file) ? { path: file } : { missing };
}

function nodeBinary(major) {
  const dir = packageDir(`node${major}-${platform}`);
  return located(
    dir && join(dir, 'bin', 'node'),
    `the optional dependency node${major}-${platform} is not installed (the package exists for linux-x64)`,
  );
}

function bunBinary() {
  const arch = { x64: 'x64', arm64: 'aarch64' }[process.arch];
  const name = `@oven/bun-${process.platform}-${arch}`;
  const dir = packageDir(name, packageDir('bun'));
  return located(dir && join(dir, 'bin', 'bun'), `${name} (an optional dependency of bun) is not installed`);
}

function denoBinary() {
  const name =
    process.platform === 'linux'
      ? `@deno/linux-${process.arch}-glibc`
      : `@deno/${process.platform}-${process.arch}`;
  const dir = packageDir(name, packageDir('deno'));
  return located(dir && join(dir, 'deno'), `${name} (an optional dependency of deno) is not installed`);
}

/** Debian's chromium, or the browser CHROMIUM_PATH names. */
export function chromiumBinary() {
  if (process.env.CHROMIUM_PATH) return located(process.env.CHROMIUM_PATH, `CHROMIUM_PATH does not exist`);
  const found = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => existsSync(file));
  return located(found, 'no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
}

/** The command-line runtimes: name → where its binary is, and the arguments that run a script. */
export function commandLineRuntimes() {
  return [
    { name: 'node 22', ...nodeBinary(22), args: (script) => [script] },
    { name: 'node 24', ...nodeBinary(24), args: (script) => [script] },
    { name: 'bun', ...bunBinary(), args: (script) => [script] },
    { name: 'deno', ...denoBinary(), args: (script) => ['run', '--allow-all', '--no-lock', script] },
  ];
}
