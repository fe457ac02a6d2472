// Entry for Node, Bun and Deno: reads the fakes' addresses from the first argument, prints the results
// as one JSON line. These runtimes match the `node` export condition, so they load each client's bundled
// build; the first check says so (Chromium, bundled by esbuild, takes the modules through `module`).
import { runSmoke } from './smoke.mjs';

const clients = ['secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'];

/** Each client's main entry resolves to its `node` build, `dist/bundled/index.js`. */
function nodeBuildCheck() {
  const started = Date.now();
  const name = "every client's main entry resolves to its node build (dist/bundled/)";
  const elsewhere = clients
    .map((client) => import.meta.resolve(`@infra-sdk/${client}`))
    .filter((url) => !url.endsWith('/dist/bundled/index.js'));
  return elsewhere.length === 0
    ? { name, ok: true, ms: Date.now() - started }
    : { name, ok: false, ms: Date.now() - started, error: `resolved elsewhere: ${elsewhere.join(', ')}` };
}

const targets = JSON.parse(globalThis.Deno ? globalThis.Deno.args[0] : globalThis.process.argv[2]);
const results = [nodeBuildCheck(), ...(await runSmoke(targets))];
console.log(JSON.stringify(results));
