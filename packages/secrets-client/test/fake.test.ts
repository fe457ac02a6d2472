// The fake as users' tests meet it: its options, LIST next to other verbs on shared connections, its ACLs,
// namespaces and error answers.
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, PermissionDeniedError } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({
    tokens: { 'admin-token': 'root', reader: [{ path: 'team-a/+/rolesets', capabilities: ['list'] }] },
    namespaces: ['team-a'],
    adminNamespace: 'team-a',
    maxRequestBytes: 4096,
  });
});
afterAll(() => fake.close());

describe('the fake service', () => {
  it('names its root token and records every request with the method the client sent', async () => {
    expect(fake.rootToken).toBe('admin-token');
    const before = fake.requests.length;
    await clientOf(fake).cloud.rolesets.list();
    expect(fake.requests.slice(before).map((request) => request.method)).toEqual(['LIST']);
  });

  it('passes LIST requests and streamed bodies through the same keep-alive connection', async () => {
    const headers = { 'X-Secrets-Token': fake.rootToken };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"project":"p",'));
        controller.enqueue(
          new TextEncoder().encode('"bindings":"{\\"resource\\":{\\"a\\":{\\"roles\\":[\\"r\\"]}}}"}'),
        );
        controller.close();
      },
    });
    const written = await fetch(`${fake.url}/v1/gcp/roleset/streamed`, {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(written.status).toBe(204);
    const listed = await fetch(`${fake.url}/v1/gcp/rolesets`, { method: 'LIST', headers });
    expect(((await listed.json()) as { data: { keys: string[] } }).data.keys).toContain('streamed');
    const posted = await fetch(`${fake.url}/v1/gcp/roleset/sized`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ project: 'p', bindings: '{"resource":{"b":{"roles":["r"]}}}' }),
    });
    expect(posted.status).toBe(204);
    expect(fake.requests.at(-1)?.method).toBe('PUT');
  });

  it('answers 413 above its request size limit, 405 for unsupported methods and 400 for broken JSON', async () => {
    const headers = { 'X-Secrets-Token': fake.rootToken };
    const big = await fetch(`${fake.url}/v1/gcp/config`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ credentials: 'x'.repeat(5000) }),
    });
    expect(big.status).toBe(413);
    const method = await fetch(`${fake.url}/v1/gcp/rolesets`, { method: 'POST', headers });
    expect(method.status).toBe(405);
    const broken = await fetch(`${fake.url}/v1/gcp/config`, { method: 'POST', headers, body: '{"ttl":' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      errors: ['failed to parse JSON input: the request body is not valid JSON'],
    });
    const notObject = await fetch(`${fake.url}/v1/gcp/config`, { method: 'POST', headers, body: '[1]' });
    expect(await notObject.json()).toEqual({ errors: ['the request body must be a JSON object'] });
    const missing = await fetch(`${fake.url}/v1/gcp/roleset/none`, { headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ errors: [] });
  });

  it('applies the most specific ACL rule, with + for one segment', async () => {
    const reader = clientOf(fake, { token: 'reader' });
    await clientOf(fake, { namespace: 'team-a' }).cloud.rolesets.write('r', {
      project: 'p',
      bindings: { 'projects/p': ['roles/viewer'] },
    });
    expect((await reader.cloud.rolesets.list({ namespace: 'team-a' })).keys).toEqual(['r']);
    expect(
      PermissionDeniedError.isInstance(
        await rejectionOf(reader.cloud.rolesets.read('r', { namespace: 'team-a' })),
      ),
    ).toBe(true);
    expect(PermissionDeniedError.isInstance(await rejectionOf(reader.cloud.rolesets.list()))).toBe(true);
    expect(PermissionDeniedError.isInstance(await rejectionOf(reader.help('/gcp/config')))).toBe(true);
    fake.setToken('exact', [
      { path: 'gcp/roleset/*', capabilities: ['deny'] },
      { path: 'gcp/roleset/open', capabilities: ['read'] },
    ]);
    const exact = clientOf(fake, { token: 'exact' });
    await clientOf(fake).cloud.rolesets.write('open', {
      project: 'p',
      bindings: { 'projects/p': ['roles/viewer'] },
    });
    expect((await exact.cloud.rolesets.read('open')).service_account_project).toBe('p');
    expect(PermissionDeniedError.isInstance(await rejectionOf(exact.cloud.rolesets.read('streamed')))).toBe(
      true,
    );
  });

  it('lets the administrative namespace manage sync, and adds namespaces and mounts at run time', async () => {
    expect(await clientOf(fake, { namespace: 'team-a' }).sync.config.read()).toMatchObject({
      disabled: false,
    });
    fake.addNamespace('team-b/dev');
    const child = clientOf(fake, { namespace: 'team-b/dev' });
    expect(BadRequestError.isInstance(await rejectionOf(child.sync.config.read()))).toBe(true);
    await child.database.connections.write('c', { plugin_name: 'p', url: 'x://c' });
    expect(fake.database('database', 'team-b/dev').connections.has('c')).toBe(true);
    fake.mount('extra/gcp', 'cloud', 'team-b');
    await clientOf(fake, { namespace: 'team-b', cloudMount: 'extra/gcp' }).cloud.config.write({ ttl: 60 });
    expect(fake.cloud('extra/gcp', 'team-b').config.ttl).toBe(60);
    expect(() => fake.mount('extra/gcp', 'cloud', 'team-b')).toThrow(TypeError);
    expect(() => fake.mount('sys', 'kv')).toThrow(TypeError);
    expect(() => fake.cloud('database')).toThrow(TypeError);
    expect(() => fake.sync('nowhere')).toThrow(TypeError);
  });

  it('stops cleanly, and twice', async () => {
    const other = await startFakeSecrets({ mounts: [] });
    const client = clientOf(other);
    expect((await rejectionOf(client.cloud.config.read())) as BadRequestError).toMatchObject({ status: 404 });
    await other.close();
    await other.close();
    expect(await rejectionOf(client.cloud.config.read())).toHaveProperty('name', 'ConnectionError');
  });
});

describe('purging', () => {
  it('completes a purge by itself once the configured delay passed on its clock', async () => {
    const clock = createTestClock();
    await using slow = await startFakeSecrets({ clock, purgeDelayMs: 60_000 });
    const client = clientOf(slow);
    await client.sync.destinations.write('cloud1-sm', 'd', { region: 'r' });
    await client.kv.write('s', { value: 1 });
    await client.sync.associations.set('cloud1-sm', 'd', { mount: 'secret', secret_name: 's' });
    await client.sync.destinations.delete('cloud1-sm', 'd', { purge: true });
    await client.sync.destinations.delete('cloud1-sm', 'd', { purge: true });
    expect(clock.pending).toBe(1);
    await clock.advance(59_999);
    expect(slow.sync().destinations.get('cloud1-sm/d')?.purgeInitiatedAt).toBe(
      new Date(clock.now() - 59_999).toISOString(),
    );
    await clock.advance(1);
    expect(slow.sync().destinations.size).toBe(0);
    expect(slow.sync().associations.size).toBe(0);
    expect(clock.pending).toBe(0);
  });

  it('completes a purge of no delay by itself, on the system clock', async () => {
    await using quick = await startFakeSecrets({ purgeDelayMs: 0 });
    const client = clientOf(quick);
    await client.sync.destinations.write('cloud1-sm', 'd', { region: 'r' });
    await client.sync.destinations.delete('cloud1-sm', 'd', { purge: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(quick.sync().destinations.size).toBe(0);
  });
});
