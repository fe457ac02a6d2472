import { inspect } from 'node:util';
import { startTestServer } from '@infra-sdk/core/testing';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createBox,
  createRegistryClient,
  createRegistryCore,
  DisallowedUseError,
  fromEnv,
  InfraSdkError,
  NotFoundError,
  packageVersion,
  RequestValidationError,
  ResponseValidationError,
  readBox,
  readUser,
  UnauthorizedError,
} from '../src/index.js';
import { BoxSchema } from '../src/schemas.js';
import { ALICE_TOKEN, apiCalls, isA, setup } from './support.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createRegistryClient', () => {
  it('sends the token as Authorization: Bearer by default, with a user agent naming the package', async () => {
    const { registry, alice } = await setup();
    await alice.users.read('alice');
    const request = registry.requests.at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${ALICE_TOKEN}`);
    expect(request?.headers['x-registry-token']).toBeUndefined();
    expect(request?.headers['user-agent']).toBe(`@infra-sdk/registry-client/${packageVersion}`);
    expect(request?.path).toBe('/api/v1/user/alice');
  });

  it('sends the token as X-Registry-Token when asked', async () => {
    const { registry, client } = await setup();
    const registryToken = client({ token: ALICE_TOKEN, authHeader: 'x-registry-token' });
    await registryToken.tokens.validate();
    const request = registry.requests.at(-1);
    expect(request?.headers['x-registry-token']).toBe(ALICE_TOKEN);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.query.has('access_token')).toBe(false);
  });

  it('puts the token in the access_token query only when chosen, and redacts it in errors', async () => {
    const { registry, client } = await setup();
    const query = client({ token: ALICE_TOKEN, authHeader: 'query' });
    await query.tokens.validate();
    const request = registry.requests.at(-1);
    expect(request?.query.get('access_token')).toBe(ALICE_TOKEN);
    expect(request?.headers.authorization).toBeUndefined();

    const error = await query.boxes.read('alice/missing').catch((caught: unknown) => caught);
    expect(NotFoundError.isInstance(error)).toBe(true);
    const text = [
      String(error),
      JSON.stringify(error),
      inspect(error, { depth: 5 }),
      (error as ApiError).url,
    ];
    for (const shown of text) expect(shown).not.toContain(ALICE_TOKEN);
  });

  it('calls a token provider before every request, so a rotated token is used', async () => {
    const { registry } = await setup();
    const second = registry.issueToken('alice');
    const tokens = [ALICE_TOKEN, second];
    let calls = 0;
    const client = createRegistryClient({ baseUrl: registry.url, token: async () => tokens[calls++ % 2] });
    await client.tokens.validate();
    await client.tokens.validate();
    const seen = registry.requests.slice(-2).map((request) => request.headers.authorization);
    expect(seen).toEqual([`Bearer ${ALICE_TOKEN}`, `Bearer ${second}`]);
  });

  it('follows a redirect to another origin without the token, whatever its form', async () => {
    await using elsewhere = await startTestServer();
    elsewhere.route('GET', '/user/moved', (req, res) =>
      res.json(200, {
        username: 'moved',
        avatar_url: null,
        profile_html: null,
        profile_markdown: null,
        boxes: [],
        seen: [req.header('authorization'), req.header('x-registry-token'), req.query.get('access_token')],
      }),
    );
    await using registry = await startTestServer();
    registry.route('GET', '/api/v1/user/moved', (_req, res) =>
      res.empty(302, { location: `${elsewhere.url}/user/moved` }),
    );
    for (const authHeader of ['bearer', 'x-registry-token', 'query'] as const) {
      const client = createRegistryClient({ baseUrl: registry.url, token: ALICE_TOKEN, authHeader });
      const user = await client.users.read('moved');
      expect(user.seen).toEqual([null, null, null]);
    }
    expect(JSON.stringify(elsewhere.requests)).not.toContain(ALICE_TOKEN);
  });

  it('never shows the token in util.inspect or JSON.stringify of the client or its core', async () => {
    const client = createRegistryClient({ baseUrl: 'https://registry.example/', token: ALICE_TOKEN });
    for (const shown of [
      inspect(client, { depth: 10 }),
      JSON.stringify(client),
      inspect(client.core),
      JSON.stringify(client.core),
    ]) {
      expect(shown).not.toContain(ALICE_TOKEN);
    }
    expect(client.toJSON()).toMatchObject({
      baseUrl: 'https://registry.example',
      pathPrefix: '/api/v1',
      auth: 'bearer',
      authHeader: 'bearer',
      token: '[redacted]',
    });
    expect(JSON.parse(JSON.stringify(client))).toMatchObject({ authHeader: 'bearer' });
  });

  it('refuses an unknown authHeader and a bad baseUrl', () => {
    expect(() =>
      createRegistryClient({ baseUrl: 'https://registry.example', authHeader: 'cookie' as never }),
    ).toThrow(/authHeader/);
    expect(() =>
      createRegistryClient({ baseUrl: 'https://registry.example', authHeader: 'toString' as never }),
    ).toThrow(/authHeader/);
    expect(() => createRegistryClient({ baseUrl: 'not a url' })).toThrow(/baseUrl/);
  });

  it('builds standalone operations from a core', async () => {
    const { registry, alice } = await setup();
    await alice.boxes.create({ name: 'standalone', is_private: false });
    const core = createRegistryCore({ baseUrl: registry.url });
    const box = await readBox(core, 'alice/standalone');
    expect(box.tag).toBe('alice/standalone');
    expect(core.apiUrl).toBe(`${registry.url}/api/v1`);
  });

  it('gives the metadata of a call with withMeta()', async () => {
    const { alice } = await setup();
    const { data, meta } = await alice.boxes.create({ name: 'meta' }).withMeta();
    expect(data.tag).toBe('alice/meta');
    expect(meta.status).toBe(201);
    expect(meta.headers['content-type']).toContain('application/json');
  });
});

describe('client.request', () => {
  it('reaches any endpoint with the same auth and errors, validated by an optional schema', async () => {
    const { registry, alice } = await setup();
    await alice.boxes.create({ name: 'raw' });
    const box = await alice.request({ method: 'GET', path: '/box/alice/raw', schema: BoxSchema });
    expect(box.private).toBe(true);
    expect(registry.requests.at(-1)?.headers.authorization).toBe(`Bearer ${ALICE_TOKEN}`);
    await expect(alice.request({ method: 'GET', path: '/box/alice/none' })).rejects.toSatisfy(
      isA(NotFoundError),
    );
  });

  it('refuses a path that could leave the API prefix, sending nothing', async () => {
    const { registry, alice } = await setup();
    await expect(alice.request({ method: 'GET', path: '/../storage/x' })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(registry.requests).toHaveLength(0);
  });
});

describe('responses', () => {
  it('treats a 2xx body with success false, or an errors entry, as an ApiError', async () => {
    await using server = await startTestServer();
    server
      .route('GET', '/api/v1/user/listed', (_req, res) =>
        res.json(200, { success: false, errors: ['bar', 'foo'] }),
      )
      .route('GET', '/api/v1/user/single', (_req, res) => res.json(200, { errors: 'bar' }));
    const client = createRegistryClient({ baseUrl: server.url, retry: false });
    const listed = await client.users.read('listed').catch((error: unknown) => error);
    expect(ApiError.isInstance(listed)).toBe(true);
    expect(listed).toMatchObject({ status: 200, errors: ['bar', 'foo'], method: 'GET' });
    expect((listed as ApiError).url).toBe(`${server.url}/api/v1/user/listed`);
    await expect(client.users.read('single')).rejects.toMatchObject({ errors: ['bar'] });
  });

  it('refuses a 2xx body only for its failure markers, not for a message field', async () => {
    await using server = await startTestServer();
    const user = {
      username: 'fine',
      avatar_url: null,
      profile_html: null,
      profile_markdown: null,
      boxes: [],
    };
    server
      .route('GET', '/api/v1/user/fine', (_req, res) =>
        res.json(200, { ...user, message: 'hello', errors: [] }),
      )
      .route('GET', '/api/v1/user/flagged', (_req, res) =>
        res.json(200, { success: false, message: 'quota reached' }),
      );
    const client = createRegistryClient({ baseUrl: server.url, retry: false });
    expect(await client.users.read('fine')).toMatchObject({ username: 'fine', message: 'hello' });
    await expect(client.users.read('flagged')).rejects.toMatchObject({
      status: 200,
      errors: ['quota reached'],
    });
  });

  it('sends the same request and fails the same way from a method and its standalone function', async () => {
    await using server = await startTestServer();
    server
      .route('POST', '/api/v1/boxes', (req, res) =>
        res.json(200, { success: false, errors: [`refused ${JSON.stringify(req.json())}`] }),
      )
      .route('GET', '/api/v1/user/:name', (_req, res) =>
        res.json(403, { errors: ['private boxes need a plan'] }),
      );
    const client = createRegistryClient({ baseUrl: server.url, token: 'a-token', retry: false });
    const request = { name: 'same', short_description: 'one', is_private: false };
    const viaMethod = await client.boxes.create(request).catch((error: unknown) => error);
    const viaFunction = await createBox(client.core, request).catch((error: unknown) => error);
    const [first, second] = server.requests.slice(-2);
    expect(second?.method).toBe(first?.method);
    expect(second?.path).toBe(first?.path);
    expect(second?.headers.authorization).toBe(first?.headers.authorization);
    expect(second?.body).toBe(first?.body);
    expect(JSON.parse(first?.body ?? '')).toEqual({ box: request });
    for (const error of [viaMethod, viaFunction]) {
      expect(ApiError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ status: 200, errors: [`refused ${JSON.stringify({ box: request })}`] });
    }
    for (const error of [
      await client.users.read('x').catch((e: unknown) => e),
      await readUser(client.core, 'x').catch((e: unknown) => e),
    ]) {
      expect(DisallowedUseError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('private boxes need a plan');
    }
  });

  it('checks responses against the schemas, unless turned off per client or per call', async () => {
    await using server = await startTestServer();
    server.route('GET', '/api/v1/box/a/b', (_req, res) =>
      res.json(200, { tag: 'a/b', private: 'yes', extra: { kept: true } }),
    );
    const client = createRegistryClient({ baseUrl: server.url, retry: false });
    const error = await client.boxes.read('a/b').catch((caught: unknown) => caught);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as ResponseValidationError).problem).toBe('schema');
    const unchecked = await client.boxes.read('a/b', { validateResponse: false });
    expect(unchecked).toMatchObject({ tag: 'a/b', extra: { kept: true } });
    const lenient = createRegistryClient({ baseUrl: server.url, validateResponses: false });
    expect(await lenient.boxes.read('a/b')).toMatchObject({ private: 'yes' });
  });

  it('keeps fields it does not know, so a read-modify-write loses nothing', async () => {
    const { alice } = await setup();
    await alice.boxes.create({ name: 'loose' });
    const box = await alice.boxes.read('alice/loose');
    const parsed = v.parse(BoxSchema, { ...box, added_by_a_newer_registry: 1 });
    expect(parsed).toHaveProperty('added_by_a_newer_registry', 1);
  });

  it('reads the request id header into the metadata and the errors', async () => {
    await using server = await startTestServer();
    server.route('GET', '/api/v1/user/:name', (_req, res) =>
      res.json(404, { errors: ['not here'], success: false }, { 'x-request-id': 'req-42' }),
    );
    const client = createRegistryClient({ baseUrl: server.url, retry: false });
    await expect(client.users.read('x')).rejects.toMatchObject({ requestId: 'req-42', errors: ['not here'] });
  });
});

describe('fromEnv', () => {
  it('reads REGISTRY_ADDR, REGISTRY_TOKEN and REGISTRY_AUTH_HEADER', async () => {
    const { registry } = await setup();
    vi.stubEnv('REGISTRY_ADDR', registry.url);
    vi.stubEnv('REGISTRY_TOKEN', ALICE_TOKEN);
    vi.stubEnv('REGISTRY_AUTH_HEADER', 'x-registry-token');
    const client = fromEnv();
    await client.tokens.validate();
    expect(registry.requests.at(-1)?.headers['x-registry-token']).toBe(ALICE_TOKEN);
    expect(client.toJSON()).toMatchObject({ authHeader: 'x-registry-token' });
  });

  it('lets overrides win over the environment', async () => {
    const { registry } = await setup();
    vi.stubEnv('REGISTRY_ADDR', 'http://127.0.0.1:1');
    vi.stubEnv('REGISTRY_TOKEN', 'wrong-token-value');
    const client = fromEnv({ baseUrl: registry.url, token: ALICE_TOKEN });
    await client.tokens.validate();
    expect(apiCalls(registry)).toEqual(['GET /api/v1/authenticate']);
  });

  it('fails clearly without an address or with an unknown auth form', () => {
    vi.stubEnv('REGISTRY_ADDR', '');
    expect(() => fromEnv()).toThrow(/REGISTRY_ADDR/);
    expect(() => fromEnv()).toThrow(InfraSdkError);
    vi.stubEnv('REGISTRY_ADDR', 'https://registry.example');
    vi.stubEnv('REGISTRY_AUTH_HEADER', 'cookie');
    expect(() => fromEnv()).toThrow(/REGISTRY_AUTH_HEADER/);
  });

  it('reads a host:port address as http://', async () => {
    const { registry } = await setup();
    vi.stubEnv('REGISTRY_ADDR', registry.url.replace(/^http:\/\//, ''));
    const client = fromEnv({ token: ALICE_TOKEN });
    await client.tokens.validate();
    expect(client.core.baseUrl).toBe(registry.url);
  });

  it('works without a token', async () => {
    const { registry } = await setup();
    vi.stubEnv('REGISTRY_ADDR', registry.url);
    await expect(fromEnv().tokens.validate()).rejects.toSatisfy(isA(UnauthorizedError));
  });
});
