// Where the token and request bodies go, over real sockets, in each of the three token forms: redirects
// to another origin by method (writes and deletes refused, reads followed bare), header values, empty
// tokens and anonymous use. The redirecting servers are the core test kit's plain servers, not the fake.
import { startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorTexts } from '../../../test-support/error-texts.js';
import { failure, redirectRoutes, serverPool } from '../../../test-support/loopback.js';
import { createRegistryClient, fromEnv, RedirectError, RequestValidationError } from '../src/index.js';
import { ALICE_TOKEN, setup } from './support.js';

const FORMS = ['bearer', 'x-registry-token', 'query'] as const;
const servers = serverPool(startTestServer);
afterEach(async () => {
  await servers.closeAll();
  vi.unstubAllEnvs();
});

/** A registry whose box routes all answer `status` towards `location(path)`. */
async function redirector(status: number, location: (path: string) => string): Promise<TestServer> {
  const patterns = ['/api/v1/boxes', '/api/v1/box/:user/:name', '/api/v1/user/:name'];
  return redirectRoutes(await servers.start(), patterns, status, location);
}

function expectNoLeak(error: unknown, ...secrets: string[]): void {
  for (const text of errorTexts(error)) for (const secret of secrets) expect(text).not.toContain(secret);
}

const credentialsOf = (request: { headers: Record<string, string>; query: URLSearchParams } | undefined) => [
  request?.headers.authorization,
  request?.headers['x-registry-token'],
  request?.query.get('access_token') ?? undefined,
];

describe('redirects to another origin', () => {
  it.each([301, 302, 307, 308])(
    'refuses %i on writes and deletes in every token form; nothing reaches the other origin',
    async (status) => {
      const other = await servers.start();
      const service = await redirector(status, (path) => `${other.url}${path}`);
      for (const authHeader of FORMS) {
        const client = createRegistryClient({
          baseUrl: service.url,
          token: ALICE_TOKEN,
          authHeader,
          retry: false,
        });
        const calls = [
          () => client.boxes.delete('alice/base'),
          () => client.boxes.update('alice/base', { description: 'private-note-77' }),
          // 301 and 302 turn a POST into a bodiless GET (fetch's rule), which may go on bare; 307 and 308 keep it.
          ...(status >= 307
            ? [() => client.boxes.create({ name: 'base', short_description: 'private-note-77' })]
            : []),
        ];
        for (const call of calls) {
          const error = await failure(call());
          expect(RedirectError.isInstance(error), String(error)).toBe(true);
          expectNoLeak(error, ALICE_TOKEN, 'private-note-77');
        }
      }
      expect(other.requests).toHaveLength(0);
    },
  );

  it('follows a read to another origin bare, in every token form', async () => {
    const other = await servers.start();
    other.route('GET', '/api/v1/user/:name', (req, res) =>
      res.json(200, {
        username: req.params.name,
        avatar_url: null,
        profile_html: null,
        profile_markdown: null,
        boxes: [],
      }),
    );
    const service = await redirector(302, (path) => `${other.url}${path}`);
    for (const authHeader of FORMS) {
      const client = createRegistryClient({
        baseUrl: service.url,
        token: ALICE_TOKEN,
        authHeader,
        retry: false,
      });
      expect((await client.users.read('moved')).username).toBe('moved');
      expect(credentialsOf(service.requests.at(-1)).filter(Boolean)).toHaveLength(1);
      expect(credentialsOf(other.requests.at(-1)).filter(Boolean)).toHaveLength(0);
    }
    expect(JSON.stringify(other.requests)).not.toContain(ALICE_TOKEN);
  });

  it('keeps the token on a redirected delete within the registry, and on one to a trusted origin', async () => {
    const { registry, alice } = await setup();
    await alice.boxes.create({ name: 'moving', is_private: false });
    const service = await redirector(307, (path) => `${registry.url}${path}`);
    for (const authHeader of FORMS) {
      const client = createRegistryClient({
        baseUrl: service.url,
        token: ALICE_TOKEN,
        authHeader,
        trustedOrigins: [registry.url],
        retry: false,
      });
      expect((await client.boxes.read('alice/moving')).tag).toBe('alice/moving');
      expect(credentialsOf(registry.requests.at(-1)).filter(Boolean)).toEqual([
        authHeader === 'bearer' ? `Bearer ${ALICE_TOKEN}` : ALICE_TOKEN,
      ]);
    }
    await createRegistryClient({
      baseUrl: service.url,
      token: ALICE_TOKEN,
      trustedOrigins: [registry.url],
      retry: false,
    }).boxes.delete('alice/moving');
    expect(registry.requests.at(-1)?.method).toBe('DELETE');
    expect(registry.box('alice/moving')).toBeUndefined();
  });
});

describe('tokens and header values', () => {
  it('refuses a token a header cannot carry, at creation and from a provider, naming only the option', async () => {
    const bad = `${ALICE_TOKEN}\r\nX-Injected: 1`;
    for (const authHeader of FORMS) {
      let creation: unknown;
      try {
        createRegistryClient({ baseUrl: 'http://127.0.0.1:1', token: bad, authHeader });
      } catch (error) {
        creation = error;
      }
      expect(RequestValidationError.isInstance(creation)).toBe(true);
      expectNoLeak(creation, ALICE_TOKEN);
    }
    const { registry, client } = await setup();
    const before = registry.requests.length;
    const perCall = await failure(client({ token: async () => bad }).tokens.validate());
    expect(RequestValidationError.isInstance(perCall)).toBe(true);
    expectNoLeak(perCall, ALICE_TOKEN);
    expect(registry.requests.length).toBe(before);
  });

  it('refuses an empty token and an empty REGISTRY_TOKEN; leaving it out searches anonymously', async () => {
    const { registry, anonymous } = await setup();
    expect(() => createRegistryClient({ baseUrl: registry.url, token: '' })).toThrow(/token: is empty/);
    vi.stubEnv('REGISTRY_ADDR', registry.url);
    vi.stubEnv('REGISTRY_TOKEN', '');
    expect(() => fromEnv()).toThrow(/REGISTRY_TOKEN: is empty/);
    vi.stubEnv('REGISTRY_TOKEN', undefined);
    await fromEnv().search.boxes();
    await anonymous.search.boxes();
    for (const request of registry.requests.slice(-2))
      expect(credentialsOf(request).filter(Boolean)).toHaveLength(0);
  });
});
