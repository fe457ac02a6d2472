// Loaded before a code block runs (by run-worker.mjs, or by hand: `node --import ./fakes.mjs block.js`):
// the addresses the documentation uses for the services (`https://scheduler.example:4646`,
// `http://127.0.0.1:8500`, ...) reach the fake services of the packages' `./testing` entries, started on
// 127.0.0.1 port 0 on first use, so a block runs exactly as it is written. The fakes hold what the
// blocks name: the mesh's `node-read` policy; the secrets service's `mysql` connection and `readonly`
// database role, an AppRole role whose role id is `my-role-id` (bound to no secret id: the blocks pass
// `process.env.SECRET_ID`, which a deployment would fill and the blocks' environment leaves unset), and
// the userpass user `ada`, whose password this module puts in SECRETS_PASSWORD. They accept the tokens
// check.mjs puts in SECRETS_TOKEN and REGISTRY_TOKEN, as a user's would be. Resolved from the folder the
// blocks run in, whose node_modules holds the built packages. `closeFakes()` ends them when the block ends.

// The tokens check.mjs puts in SECRETS_TOKEN and REGISTRY_TOKEN for the blocks.
const SECRETS_TOKEN = 'fake-root-token';
const REGISTRY_TOKEN = 'fake-registry-token';

// The password of the userpass user `ada`, where the blocks read it, as a user's shell would hold it
// (the runner restores the environment after each block).
const SECRETS_PASSWORD = 'fake-ada-password';
process.env.SECRETS_PASSWORD = SECRETS_PASSWORD;

/** The service an address belongs to, by the name in its host or the service's usual port. */
function serviceOf(url) {
  const host = url.hostname;
  for (const name of ['scheduler', 'secrets', 'registry', 'mesh']) {
    if (host.includes(name)) return name;
  }
  if (host !== '127.0.0.1' && host !== 'localhost') return undefined;
  return { 4646: 'scheduler', 8200: 'secrets', 8500: 'mesh', 8501: 'mesh' }[url.port];
}

const starters = {
  async scheduler() {
    const { startFakeScheduler } = await import('@infra-sdk/scheduler-client/testing');
    return startFakeScheduler({ nodes: 2 });
  },
  async secrets() {
    const { startFakeSecrets } = await import('@infra-sdk/secrets-client/testing');
    const fake = await startFakeSecrets({ tokens: { [SECRETS_TOKEN]: 'root' } });
    const { createSecretsClient } = await import('@infra-sdk/secrets-client');
    const admin = createSecretsClient({ baseUrl: fake.url, token: SECRETS_TOKEN });
    await admin.database.connections.write('mysql', {
      plugin_name: 'mysql-database-plugin',
      connection_url: '{{username}}:{{password}}@tcp(db:3306)/',
      allowed_roles: ['*'],
    });
    await admin.database.roles.write('readonly', {
      db_name: 'mysql',
      creation_statements: ["CREATE USER '{{name}}'@'%' IDENTIFIED BY '{{password}}'"],
      default_ttl: '1h',
    });
    fake.approle().addRole('orders', { roleId: 'my-role-id', bindSecretId: false });
    fake.userpass().addUser('ada', { password: SECRETS_PASSWORD });
    return fake;
  },
  async registry() {
    const { startFakeRegistry } = await import('@infra-sdk/registry-client/testing');
    return startFakeRegistry({
      users: [{ username: 'me', password: 'secret' }],
      organizations: [{ username: 'myorg', members: ['me'] }],
      tokens: { [REGISTRY_TOKEN]: 'me' },
    });
  },
  async mesh() {
    const { startFakeMesh } = await import('@infra-sdk/mesh-client/testing');
    return startFakeMesh({
      policies: [{ name: 'node-read', rules: ['namespace:*:read'] }],
      roles: [{ id: '69748856-ae69-d620-3ec4-07844b3c6be7', name: 'reader', policies: ['node-read'] }],
    });
  },
};

const fakes = new Map();
const original = globalThis.fetch;

globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const service = serviceOf(url);
  if (service === undefined) return original(request);
  if (!fakes.has(service)) fakes.set(service, starters[service]());
  const target = new URL((await fakes.get(service)).url);
  url.protocol = target.protocol;
  url.host = target.host;
  return original(new Request(url, request));
};

/** Closes the fakes started so far and routes fetch as before: what the block left behind ends with it. */
export async function closeFakes() {
  globalThis.fetch = original;
  const started = [...fakes.values()];
  fakes.clear();
  await Promise.allSettled(started.map(async (starting) => (await starting).close()));
}
