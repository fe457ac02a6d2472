// Loaded before a code block runs (by run-worker.mjs, or by hand: `node --import ./fakes.mjs block.js`):
// the addresses the documentation uses for the services (`https://scheduler.example:4646`,
// `http://127.0.0.1:8500`, ...) reach the fake services of the packages' `./testing` entries, started on
// 127.0.0.1 port 0 on first use, so a block runs exactly as it is written. The fakes hold what the
// blocks name: the scheduler's 2 nodes and its service job `web` (group `web`, task `server` on docker,
// registered as the examples wrote it, so its version 0, evaluation, deployment and allocation are there
// when a block starts; a block that registers a first `web` of its own purges it in a hidden prelude);
// the mesh's `node-read` policy; the secrets service's `mysql` connection,
// `readonly` database role and static role `app`, cloud roleset `deploy`, static account `app` and
// impersonated account `ops` (`ttl` 2h), key-value secret `api/token` synced to the repo-host
// destination `ci`, repo-host app `deploy-app`, an AppRole role whose role id is `my-role-id` (bound to
// no secret id: the blocks pass `process.env.SECRET_ID`, which a deployment would fill and the blocks'
// environment leaves unset), and the userpass user `ada`, whose password this module puts in
// SECRETS_PASSWORD. They accept the tokens check.mjs puts in SECRETS_TOKEN and REGISTRY_TOKEN, as a
// user's would be. Resolved from the folder the blocks run in, whose node_modules holds the built
// packages. `closeFakes()` ends them when the block ends.

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
    const fake = await startFakeScheduler({ nodes: 2 });
    const { createSchedulerClient } = await import('@infra-sdk/scheduler-client');
    const admin = createSchedulerClient({ baseUrl: fake.url });
    await admin.jobs.create({
      Job: {
        ID: 'web',
        Datacenters: ['dc1'],
        TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }],
      },
    });
    return fake;
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
    await admin.database.staticRoles.write('app', {
      db_name: 'mysql',
      username: 'app',
      rotation_period: '24h',
    });
    await admin.cloud.rolesets.write('deploy', {
      project: 'my-project',
      bindings: { 'projects/my-project': ['roles/viewer'] },
    });
    await admin.cloud.staticAccounts.write('app', {
      service_account_email: 'app@my-project.iam.gserviceaccount.com',
    });
    await admin.cloud.impersonatedAccounts.write('ops', {
      service_account_email: 'ops@my-project.iam.gserviceaccount.com',
      ttl: '2h',
    });
    await admin.kv.write('api/token', { value: 's3cr3t' });
    await admin.sync.destinations.write('repo-host', 'ci', {
      access_token: 'repo-token',
      repository_owner: 'acme',
      repository_name: 'api',
    });
    await admin.sync.associations.set('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
    await admin.sync.repoHostApps.write('deploy-app', {
      app_id: 123456,
      private_key: '-----BEGIN RSA PRIVATE KEY-----\n...',
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
