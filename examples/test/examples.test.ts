// Runs the examples and the demo as a user would, each in its own Node process, and checks their exit
// status and the lines that show the work was done.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeMesh } from '@infra-sdk/mesh-client/testing';
import { startFakeRegistry } from '@infra-sdk/registry-client/testing';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
import { startFakeSecrets } from '@infra-sdk/secrets-client/testing';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('..', import.meta.url));

// Set in a developer's shell, these would send a run to a real service or change the demo.
const RUN_SETTINGS = /^(REGISTRY|SCHEDULER|SECRETS|MESH|DEMO|PIPELINE)_/;

interface Run {
  readonly code: number | null;
  readonly output: string;
}

function run(file: string, settings: Record<string, string> = {}): Promise<Run> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !RUN_SETTINGS.test(name)),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], {
      cwd: folder,
      env: { ...inherited, NO_COLOR: '1', ...settings },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function expectSuccess(result: Run): void {
  // The whole output on failure: it says which step failed and why.
  expect(result.code, result.output).toBe(0);
}

describe('examples', () => {
  it('registry.ts publishes a box, downloads it verified, publishes a release in one call and deletes it', async () => {
    const result = await run('registry.ts');
    expectSuccess(result);
    expect(result.output).toMatch(/created box example\/hello-\w+/);
    expect(result.output).toMatch(/release refused with 422/);
    expect(result.output).toMatch(/uploaded 1160000 bytes, sha256 [0-9a-f]{64}/);
    expect(result.output).toContain('released 0.1.0: active');
    expect(result.output).toContain('downloaded 1160000 bytes, sha256 checksum verified');
    // A release with three providers in one call, through a storage failure of one of them.
    expect(result.output).toContain('libvirt: retrying (attempt 2)');
    expect(result.output).toContain(
      'released 0.2.0: active (attempts: virtualbox 1, libvirt 2, vmware_desktop 1)',
    );
    // A release that cannot be stored: nothing released, and each provider's end told.
    expect(result.output).toContain('0.3.0 not released (unreleased), stopped at providers:');
    expect(result.output).toContain('libvirt: failed (UploadAttemptsError)');
    expect(result.output).toMatch(/deleted example\/hello-\w+/);
  });

  it('scheduler.ts registers a job, waits for it and runs a command in it', async () => {
    const result = await run('scheduler.ts');
    expectSuccess(result);
    expect(result.output).toMatch(/registered hello-web, evaluation [0-9a-f-]{36}/);
    expect(result.output).toMatch(/index \d+: 2 of 2 allocations running/);
    expect(result.output).toMatch(/exec in [0-9a-f]{8} printed "hello", exit code 0/);
    expect(result.output).toContain('no-such-job: 404 job not found');
    expect(result.output).toContain('stopped and purged hello-web');
  });

  it('pipeline.ts deploys a job, then a canary release it promotes, scales, stops and purges it', async () => {
    const result = await run('pipeline.ts');
    expectSuccess(result);
    const { output } = result;
    expect(output).toMatch(/deployed pipeline-\w+ version 0: successful\n/);
    expect(output).toContain('  version 1: running, 1/3 healthy, canary waiting\n');
    expect(output).toContain('  version 1: successful, 3/3 healthy, canary promoted\n');
    expect(output).toMatch(/deployed pipeline-\w+ version 1: successful, canary promoted\n/);
    expect(output).toMatch(/scaled to 4 \(evaluation [0-9a-f]{8}\): 4 healthy, "evening peak"/);
    expect(output).toMatch(/stopped and purged pipeline-\w+: a read answers 404/);
    // The events of the deployments, from the moment the pipeline started listening.
    expect(output).toMatch(/deployment events seen: 0:running .*0:successful .*1:successful .*2:successful/);
  });

  it('pipeline.ts with a release whose health check fails sees the scheduler revert it', async () => {
    const result = await run('pipeline.ts', { PIPELINE_RELEASE: 'broken' });
    expectSuccess(result);
    const { output } = result;
    expect(output).toContain('rolling out a release whose health check fails');
    expect(output).toContain(
      'version 1 failed: Failed due to unhealthy allocations - rolling back to job version 0\n',
    );
    expect(output).toMatch(/unhealthy allocations: [0-9a-f]{8}\n/);
    expect(output).toContain('reverted to version 0: version 2 runs busybox:1.36, successful');
    expect(output).not.toContain('canary promoted');
    expect(output).toMatch(/stopped and purged pipeline-\w+: a read answers 404/);
  });

  it('secrets.ts issues database credentials, renews and revokes their lease, keeps, wraps, writes versions', async () => {
    const result = await run('secrets.ts');
    expectSuccess(result);
    expect(result.output).toMatch(/database user \S+, lease for 3600 s/);
    expect(result.output).toContain('lease renewed: 7200 s left');
    expect(result.output).toMatch(/kept: database user \S+, generation 1, lease true/);
    expect(result.output).toContain('keeper stopped, its credentials revoked');
    expect(result.output).toContain('wrapped for 300 s, made at database/creds/orders-reader');
    expect(result.output).toMatch(/unwrapped: database user \S+/);
    expect(result.output).toContain('orders/api: version 2, key k-2');
    expect(result.output).toContain('token: policies root, never expires');
    expect(result.output).toMatch(/refused before sending: rotation_period: /);
    expect(result.output).toContain('no-such-role: 404, not found');
    expect(result.output).toContain('lease revoked, role and connection deleted');
  });

  it('mesh.ts sees a namespace appear, updates it and follows its deletion', async () => {
    const result = await run('mesh.ts');
    expectSuccess(result);
    expect(result.output).toMatch(/index 1: default\n/);
    expect(result.output).toMatch(/index \d+: default, team-hello\n/);
    expect(result.output).toContain('updated: "Team Hello, renamed"');
    expect(result.output).toMatch(/refused before sending: Name: /);
    // The fake removes a namespace 100 ms after marking it; on a busy machine the read after the delete
    // may come later than that, and the example says which state it saw.
    expect(result.output).toMatch(/after delete: marked for deletion (true|and already removed)\n/);
    expect(result.output).toContain('team-hello is gone (404)');
  });
});

describe('demo', () => {
  it('walks every scenario against the fakes and exits 0', async () => {
    const result = await run('demo/main.ts', { DEMO_ASSET_MB: '2' });
    expectSuccess(result);
    const { output } = result;
    expect(output.match(/: fake at http:\/\/127\.0\.0\.1:\d+/g)).toHaveLength(4);
    expect(output).not.toContain('✗');

    // registry: the checksum of the client, of the generator and of the download agree
    const client = /computed by the client while streaming: ([0-9a-f]{64})/.exec(output)?.[1];
    expect(client).toBeDefined();
    expect(output).toContain(`sha256 of the generated bytes, computed apart:  ${client}`);
    expect(output).toContain(`2.0 MiB received in`);
    expect(output).toMatch(new RegExp(`received in [\\d.]+ m?s; sha256 ${client}`));
    expect(output).toContain('version 1.0.0: active');
    expect(output).toMatch(/search q="ubuntu-demo" provider=virtualbox: 1 result/);
    expect(output).toContain('token revoked: the registry now answers 401 to it');

    // scheduler
    expect(output).toMatch(/blocking query answered at index \d+: 3 running\/run/);
    expect(output).toMatch(/index \d+: Job JobRegistered demo-web/);
    expect(output).toMatch(/index \d+: NodeDrain NodeDrain fake-node-\d \(drain true\)/);
    expect(output).toMatch(/[0-9a-f]{8} on fake-node-\d replaces [0-9a-f]{8}: running/);
    expect(output).toContain('stdout: "hello from the demo\\n"');
    expect(output).toContain('exit code: 3');
    expect(output).toMatch(/dispatched demo-report\/dispatch-\S+/);

    // secrets
    expect(output).toMatch(/lease [0-9a-f]{8}…: 3600 s → 7200 s/);
    expect(output).toContain('the password changed');
    expect(output).toMatch(/KEY_ALG_RSA_2048, TYPE_CLOUD_CREDENTIALS_FILE: a key file for \S+@demo-project/);
    expect(output).toContain('cloud1-sm/demo-aws PENDING (waits while sync is off)');
    expect(output).toMatch(/cloud1-sm\/demo-aws: SYNCED at /);

    // mesh
    expect(output).toMatch(/index \d+: default, team-demo\n/);
    expect(output).toMatch(/index \d+: default, team-demo \(marked for deletion\)\n/);
    expect(output).toContain('read team-demo: NotFoundError (404)');

    expect(output).toMatch(/All \d+ steps succeeded in /);
  });

  it('runs each scenario against the service its variables name', async () => {
    await using registry = await startFakeRegistry({
      users: [{ username: 'alice', password: 'alice-password' }],
    });
    await using scheduler = await startFakeScheduler({
      nodes: 2,
      acl: { tokens: { 'scheduler-secret': 'management' } },
    });
    await using secrets = await startFakeSecrets({ tokens: { 'secrets-secret': 'root' } });
    // The key-value secret DEMO_SYNC_SECRET names, as it would exist on a real service.
    secrets.kv().write('team/api-key', { api_key: 'kept-by-the-team' }, undefined, Date.now());
    await using mesh = await startFakeMesh({
      policies: [{ name: 'team-readers', rules: ['namespace:*:read'] }],
      acl: { tokens: [{ secret: 'mesh-secret', rules: ['operator:write'] }] },
    });
    const scratch = await mkdtemp(join(tmpdir(), 'infra-sdk-demo-'));
    try {
      const credentials = join(scratch, 'service-account.json');
      await writeFile(credentials, JSON.stringify({ type: 'service_account', project_id: 'p1' }));
      const result = await run('demo/main.ts', {
        DEMO_ASSET_MB: '1',
        REGISTRY_ADDR: registry.url,
        REGISTRY_USERNAME: 'alice',
        REGISTRY_PASSWORD: 'alice-password',
        SCHEDULER_ADDR: scheduler.url,
        SCHEDULER_TOKEN: 'scheduler-secret',
        SECRETS_ADDR: secrets.url,
        SECRETS_TOKEN: 'secrets-secret',
        DEMO_DB_URL: 'postgresql://{{username}}:{{password}}@db.test:5432/app',
        DEMO_DB_USERNAME: 'root',
        DEMO_DB_PASSWORD: 'root-password',
        DEMO_DB_STATIC_USERNAME: 'reporting',
        DEMO_CLOUD_CREDENTIALS: credentials,
        DEMO_CLOUD_PROJECT: 'p1',
        DEMO_SYNC_ACCESS_KEY_ID: 'AKIATESTTESTTEST',
        DEMO_SYNC_SECRET_ACCESS_KEY: 'test-secret-key',
        DEMO_SYNC_SECRET: 'team/api-key',
        MESH_ADDR: mesh.url,
        MESH_TOKEN: 'mesh-secret',
        DEMO_MESH_POLICY: 'team-readers',
      });
      expectSuccess(result);
      const { output } = result;
      for (const fake of [registry, scheduler, secrets, mesh]) {
        expect(output).toContain(`: real service at ${fake.url}`);
      }
      // Names carry a suffix of the run, so they never collide with what an earlier run left.
      expect(output).toMatch(/box alice\/ubuntu-demo-[0-9a-z]+ owned by alice/);
      expect(output).toMatch(/user reporting, password /);
      expect(output).toMatch(/default policy team-readers/);
      expect(output).toContain('Clean up: stop the demo jobs');
      expect(
        scheduler.nodes().every((node) => node.SchedulingEligibility === 'eligible' && !node.Drain),
      ).toBe(true);
      expect(registry.requests.some((request) => request.path === '/api/v1/authenticate')).toBe(true);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('exits 1 and names the step that failed', async () => {
    const port = await closedPort();
    const result = await run('demo/main.ts', {
      DEMO_SCENARIOS: 'registry',
      REGISTRY_ADDR: `http://127.0.0.1:${port}`,
      REGISTRY_TOKEN: 'unused',
    });
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain('failed at step 1. Sign in');
    expect(result.output).toContain('ConnectionError');
    expect(result.output).toContain('1 of 1 scenarios failed');
  });

  it('exits 1 and says which setting a real service needs', async () => {
    const result = await run('demo/main.ts', {
      DEMO_SCENARIOS: 'secrets',
      SECRETS_ADDR: 'http://127.0.0.1:9',
    });
    expect(result.code, result.output).toBe(1);
    expect(result.output).toMatch(/MissingSetting: set DEMO_\w+: /);
  });
});
