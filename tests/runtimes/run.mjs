#!/usr/bin/env node
// Runs the smoke suite (smoke.mjs) from the packed tarballs in every runtime the README claims: Node 22,
// Node 24, Bun, Deno and headless Chromium, each against fresh fakes started in Node. A runtime whose
// executable is missing fails the run when INFRA_SDK_RUNTIMES=all or CI is set (as .ci/run does);
// otherwise it is listed as not run, in the output and in the closing summary.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { installProject, packAll, temporaryFolder } from '../lib/packed.mjs';
import { chromiumBinary, commandLineRuntimes } from './runtimes.mjs';

const here = import.meta.dirname;
const requireAll = process.env.INFRA_SDK_RUNTIMES === 'all' || Boolean(process.env.CI);
const only = process.argv.slice(2); // runtime names to run, e.g. `node run.mjs chromium`
const started = performance.now();
const CHILD_TIMEOUT_MS = 120_000;
const UPLOAD_BYTES_PER_SECOND = 4 * 1024 * 1024;

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** Starts the fakes in Node in the consumer project; resolves to their addresses and a stop function. */
function startFakes(cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['fakes.mjs'], { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
    let buffered = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the fakes exited with ${code} before starting`)));
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      const stop = () =>
        new Promise((done) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('close', () => {
            clearTimeout(timer);
            done();
          });
          child.stdin.end();
        });
      resolve({ targets: JSON.parse(buffered.slice(0, newline)), stop });
    });
  });
}

/** Runs one command-line runtime on smoke-cli.mjs; resolves to the suite's results. */
function runCli(runtime, cwd, targets, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(runtime.path, [...runtime.args('smoke-cli.mjs'), JSON.stringify(targets)], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('[')) resolve(JSON.parse(line));
      else reject(new Error(`${runtime.name} exited with ${signal ?? code}\n${stdout}${stderr}`));
    });
  });
}

/**
 * Bundles the browser entry with esbuild, resolving the clients from the consumer project; with the
 * check that the bundle took the clients' modules (the `module` condition), not their Node build.
 */
async function bundleForBrowser(cwd) {
  const { build } = await import('esbuild');
  const started = Date.now();
  const result = await build({
    entryPoints: [join(cwd, 'browser-entry.mjs')],
    absWorkingDir: cwd,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2023',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const nodeBuild = Object.keys(result.metafile.inputs).filter((input) => input.includes('/dist/bundled/'));
  const check = {
    name: "the bundle takes every client's modules, not its node build (dist/bundled/)",
    ok: nodeBuild.length === 0,
    ms: Date.now() - started,
    ...(nodeBuild.length === 0 ? {} : { error: `bundled: ${nodeBuild.join(', ')}` }),
  };
  return { bundle: result.outputFiles[0].text, check };
}

/** Serves the page and the bundle on 127.0.0.1; the page's origin differs from every fake's. */
async function servePage(bundle) {
  const page =
    '<!doctype html><meta charset="utf-8"><title>smoke</title><script type="module" src="/smoke.js"></script>';
  const server = createServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else if (request.url === '/smoke.js')
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((done) => server.close(done)),
  };
}

/** Runs the bundle in headless Chromium driven by playwright-core; resolves to the suite's results. */
async function runChromium(executablePath, bundle, targets, profile) {
  const { chromium } = await import('playwright-core');
  const page = await servePage(bundle);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    // A closed network: nothing may reach out. The fakes send no CORS headers (the real services'
    // operators configure those), so the page, served from another port, runs without CORS checks.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-web-security',
    ],
  });
  const errors = [];
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    tab.on('pageerror', (error) => errors.push(String(error)));
    // Uploads go at 4 MiB/s, a link users have, instead of loopback speed: a 3 MiB upload then lasts
    // long enough for the browser to report its progress more than once (it does so every 50-100 ms).
    const devtools = await context.newCDPSession(tab);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: UPLOAD_BYTES_PER_SECOND,
    });
    await tab.goto(`${page.url}#${encodeURIComponent(JSON.stringify(targets))}`);
    const handle = await tab.waitForFunction(() => window.smokeResults, null, { timeout: CHILD_TIMEOUT_MS });
    return await handle.jsonValue();
  } catch (error) {
    throw new Error(`${error.message}${errors.length > 0 ? `\npage errors:\n${errors.join('\n')}` : ''}`);
  } finally {
    await context.close();
    await page.close();
  }
}

const runtimes = [...commandLineRuntimes(), { name: 'chromium', ...chromiumBinary(), browser: true }].filter(
  (runtime) =>
    only.length === 0 || only.includes(runtime.name.replace(' ', '')) || only.includes(runtime.name),
);
const work = await temporaryFolder('runtime-tests-');
const results = []; // { runtime, name, ok, error }
const notRun = [];
try {
  const consumer = join(work.path, 'consumer');
  await mkdir(consumer);
  const tarballs = await packAll(join(work.path, 'tarballs'));
  await installProject(consumer, { tarballs });
  for (const file of ['smoke.mjs', 'smoke-cli.mjs', 'fakes.mjs', 'browser-entry.mjs']) {
    await copyFile(join(here, file), join(consumer, file));
  }
  console.log(`runtimes: packed and installed ${tarballs.size} packages in ${seconds(started)}`);
  const env = { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(work.path, 'deno') };

  for (const runtime of runtimes) {
    if (runtime.missing) {
      notRun.push(runtime.name);
      console.log(`runtimes: ${runtime.name} ${requireAll ? 'MISSING' : 'not run'}: ${runtime.missing}`);
      if (requireAll)
        results.push({ runtime: runtime.name, name: 'runtime installed', ok: false, error: runtime.missing });
      continue;
    }
    const since = performance.now();
    const fakes = await startFakes(consumer);
    try {
      let suite;
      if (runtime.browser) {
        const { bundle, check } = await bundleForBrowser(consumer);
        suite = [
          check,
          ...(await runChromium(runtime.path, bundle, fakes.targets, join(work.path, 'chromium-profile'))),
        ];
      } else {
        suite = await runCli(runtime, consumer, fakes.targets, env);
      }
      for (const result of suite) results.push({ runtime: runtime.name, ...result });
    } catch (error) {
      results.push({ runtime: runtime.name, name: 'suite ran to the end', ok: false, error: error.message });
    } finally {
      await fakes.stop();
    }
    const mine = results.filter((result) => result.runtime === runtime.name);
    console.log(
      `runtimes: ${runtime.name}: ${mine.filter((r) => r.ok).length}/${mine.length} passed in ${seconds(since)}`,
    );
    for (const result of mine) {
      console.log(
        `  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}${result.ok ? ` (${result.ms} ms)` : `\n       ${result.error.replaceAll('\n', '\n       ')}`}`,
      );
    }
  }
} finally {
  await work.remove();
}

const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
// The same fields as vitest's JSON report, for the closing summary of the whole suite.
await writeFile(
  join(here, 'test-results.json'),
  `${JSON.stringify({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, numTodoTests: 0, notRun })}\n`,
);
console.log(
  `runtimes: ${passed} passed, ${failed} failed in ${seconds(started)}${notRun.length > 0 ? `; not run here: ${notRun.join(', ')}` : ''}`,
);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
