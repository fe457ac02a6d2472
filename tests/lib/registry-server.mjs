#!/usr/bin/env node
// A local npm registry (Verdaccio, from tests/lib/verdaccio/) on 127.0.0.1, port 0, for the release round
// trip. `@infra-sdk/*` live only here (anyone may publish them); every other package is read through from
// the npm registry this machine is configured with, the uplink. Prints one JSON line with its address once
// it listens, and stops when its standard input closes (when the process that started it ends).
//   node registry-server.mjs '{"storage":"/tmp/x","uplink":"https://registry.npmjs.org/"}'
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const { storage, uplink } = JSON.parse(process.argv[2] ?? '{}');
if (!storage || !uplink) throw new Error('usage: registry-server.mjs {"storage": dir, "uplink": url}');

const require = createRequire(join(import.meta.dirname, 'verdaccio', 'package.json'));
const { runServer } = await import(pathToFileURL(require.resolve('verdaccio')).href);

const server = await runServer({
  self_path: storage,
  storage,
  uplinks: { upstream: { url: uplink, timeout: '60s', maxage: '30m' } },
  packages: {
    '@infra-sdk/*': { access: '$all', publish: '$all', unpublish: '$all' },
    '**': { access: '$all', proxy: 'upstream' },
  },
  auth: { htpasswd: { file: join(storage, 'htpasswd'), max_users: -1 } },
  security: { api: { legacy: true } },
  web: { enable: false },
  log: { type: 'stdout', format: 'pretty', level: 'error' },
  server: { keepAliveTimeout: 60 },
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/` })}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
