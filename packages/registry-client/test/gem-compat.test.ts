// HashiCorp's Ruby client for the registry sends box, version and provider fields flat (version 3.x) or
// wrapped, and reads the token's user from GET /authenticate. The fake takes both forms.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type FakeRegistry, startFakeRegistry } from '../src/testing/index.js';

interface Stub {
  readonly method: string;
  readonly url: string;
  readonly it: string;
  readonly wrapper?: string;
  readonly fields?: Record<string, unknown>;
}

const gem = JSON.parse(
  readFileSync(new URL('fixtures/vagrant-cloud-gem-requests.json', import.meta.url), 'utf8'),
) as { stubs: Stub[] };

const stub = (method: string, path: string): Stub & { fields: Record<string, unknown> } => {
  const found = gem.stubs.find((entry) => entry.method === method && new URL(entry.url).pathname === path);
  if (found === undefined) throw new Error(`no recorded ${method} ${path}`);
  return found as Stub & { fields: Record<string, unknown> };
};

const TOKENS = { 'my-acc': 'my-acc-token', 'my-org': 'my-org-token' } as const;

async function start(): Promise<FakeRegistry> {
  return startFakeRegistry({
    users: [
      { username: 'my-acc', password: 'password' },
      { username: 'my-org', password: 'password' },
    ],
    tokens: { [TOKENS['my-acc']]: 'my-acc', [TOKENS['my-org']]: 'my-org' },
    boxes: [{ tag: 'my-acc/foo' }, { tag: 'my-acc/my-box', versions: [{ version: '1.2' }] }],
  });
}

/** Sends what the gem sends: JSON, a bearer token, the fields flat or inside their wrapper. */
async function send(
  registry: FakeRegistry,
  who: keyof typeof TOKENS,
  recorded: Stub & { fields: Record<string, unknown> },
  form: 'flat' | 'wrapped',
): Promise<Response> {
  const body = form === 'flat' ? recorded.fields : { [recorded.wrapper ?? '']: recorded.fields };
  return fetch(`${registry.url}${new URL(recorded.url).pathname}`, {
    method: recorded.method,
    headers: {
      authorization: `Bearer ${TOKENS[who]}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
}

describe('the fake registry with HashiCorp client requests', () => {
  it('creates and updates a box from flat fields, and from wrapped ones', async () => {
    await using registry = await start();
    const create = stub('POST', '/api/v1/boxes');
    const created = await send(registry, 'my-org', create, 'flat');
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      tag: 'my-org/my-box',
      short_description: 'Short description',
      description_markdown: 'Description',
      private: false,
    });
    const update = stub('PUT', '/api/v1/box/my-acc/foo');
    const updated = await send(registry, 'my-acc', update, 'flat');
    expect(updated.status).toBe(200);
    // The recorded client sent is_private as the text "true".
    expect(registry.box('my-acc/foo')).toMatchObject({
      short_description: 'my-desc',
      description_markdown: 'my-desc',
      private: true,
    });
    const again = await send(
      registry,
      'my-org',
      { ...create, fields: { ...create.fields, name: 'other' } },
      'wrapped',
    );
    expect(again.status).toBe(201);
    expect(registry.box('my-org/other')).toMatchObject({ short_description: 'Short description' });
  });

  it('creates and updates versions and providers from flat fields', async () => {
    await using registry = await start();
    const version = await send(registry, 'my-acc', stub('POST', '/api/v1/box/my-acc/foo/versions'), 'flat');
    expect(version.status).toBe(201);
    expect(await version.json()).toMatchObject({ version: '1.2', description_markdown: 'my-desc' });
    const versionUpdate = await send(
      registry,
      'my-acc',
      stub('PUT', '/api/v1/box/my-acc/my-box/version/1.2'),
      'flat',
    );
    expect(versionUpdate.status).toBe(200);
    const providers = '/api/v1/box/my-acc/my-box/version/1.2/providers';
    const provider = await send(registry, 'my-acc', stub('POST', providers), 'flat');
    expect(provider.status).toBe(201);
    expect(await provider.json()).toMatchObject({ name: 'my-prov', original_url: 'http://example.com' });
    const providerPath = '/api/v1/box/my-acc/my-box/version/1.2/provider/my-prov';
    const providerUpdate = await send(registry, 'my-acc', stub('PUT', providerPath), 'wrapped');
    expect(providerUpdate.status).toBe(200);
    const flatUpdate = await send(registry, 'my-acc', stub('PUT', providerPath), 'flat');
    expect(flatUpdate.status).toBe(200);
    expect(registry.box('my-acc/my-box')).toMatchObject({
      versions: [{ version: '1.2', description_markdown: 'my-desc', providers: [{ name: 'my-prov' }] }],
    });
  });

  it('answers GET /authenticate with the token user, as the client reads it', async () => {
    await using registry = await start();
    const recorded = gem.stubs.find((entry) => entry.method === 'GET' && entry.url.endsWith('/authenticate'));
    expect(recorded).toBeDefined();
    const response = await fetch(`${registry.url}/api/v1/authenticate`, {
      headers: { authorization: `Bearer ${TOKENS['my-acc']}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { username: 'my-acc' } });
    const refused = await fetch(`${registry.url}/api/v1/authenticate`, {
      headers: { authorization: 'Bearer unknown' },
    });
    expect(refused.status).toBe(401);
  });

  it('still refuses a wrapper that is not an object', async () => {
    await using registry = await start();
    const response = await fetch(`${registry.url}/api/v1/boxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS['my-acc']}`, 'content-type': 'application/json' },
      body: JSON.stringify({ box: 'my-box' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ errors: [expect.stringMatching(/box must be an object/)] });
  });
});
