// A token for one call (`RequestOptions.token`) over real HTTP: it replaces the client's for that call
// only, in the client's auth scheme, never reaches another origin and never appears in an error.
import { describe, expect, it } from 'vitest';
import { errorTexts } from '../../../test-support/error-texts.js';
import { ApiError, createTransport, RequestValidationError, type TransportOptions } from '../src/index.js';
import type { TestServer } from '../src/testing/index.js';
import { trackServers } from './support.js';

const CLIENT_TOKEN = 'client-tok-7a6b5c';
const CALL_TOKEN = 'call-tok-Secr3t-1d2e3f';
const serve = trackServers();

async function echoing(): Promise<TestServer> {
  const server = await serve();
  server.route('GET', '/v1/who', (req, res) =>
    res.json(200, {
      header: req.header('x-test-token') ?? null,
      bearer: req.header('authorization') ?? null,
    }),
  );
  server.route('GET', '/v1/query', (req, res) => res.json(200, { q: req.query.get('access_token') }));
  // A service that quotes the token it was given back in its error.
  server.route('GET', '/v1/denied', (req, res) =>
    res.json(403, { errors: [`token ${req.header('x-test-token')} is not allowed here`] }),
  );
  return server;
}

function client(server: TestServer, options: Partial<TransportOptions> = {}) {
  return createTransport({
    baseUrl: server.url,
    pathPrefix: '/v1',
    token: CLIENT_TOKEN,
    auth: { type: 'header', name: 'X-Test-Token' },
    retry: false,
    ...options,
  });
}

describe('a token for one call', () => {
  it("replaces the client's token for that call only, as a token or a provider", async () => {
    const server = await echoing();
    const transport = client(server);
    await expect(transport.request({ method: 'GET', path: '/who' }, { token: CALL_TOKEN })).resolves.toEqual({
      header: CALL_TOKEN,
      bearer: null,
    });
    await expect(transport.request({ method: 'GET', path: '/who' })).resolves.toMatchObject({
      header: CLIENT_TOKEN,
    });
    // With headers of the call's own, too (the other path through the header layers).
    await expect(
      transport.request({ method: 'GET', path: '/who' }, { token: CALL_TOKEN, headers: { 'x-extra': '1' } }),
    ).resolves.toMatchObject({ header: CALL_TOKEN });
    let asked = 0;
    const provider = async () => `${CALL_TOKEN}-${++asked}`;
    await expect(
      transport.request({ method: 'GET', path: '/who' }, { token: provider }),
    ).resolves.toMatchObject({ header: `${CALL_TOKEN}-1` });
    // A provider that has no token sends none, not the client's.
    await expect(
      transport.request({ method: 'GET', path: '/who' }, { token: () => undefined }),
    ).resolves.toMatchObject({ header: null });
  });

  it("goes where the client's scheme puts it: bearer and query forms", async () => {
    const server = await echoing();
    const bearer = client(server, { auth: { type: 'bearer' } });
    await expect(
      bearer.request({ method: 'GET', path: '/who' }, { token: CALL_TOKEN }),
    ).resolves.toMatchObject({
      bearer: `Bearer ${CALL_TOKEN}`,
    });
    const query = client(server, { auth: { type: 'query', name: 'access_token' } });
    await expect(query.request({ method: 'GET', path: '/query' }, { token: CALL_TOKEN })).resolves.toEqual({
      q: CALL_TOKEN,
    });
  });

  it('is never sent to another origin, nor to an address the client does not authenticate', async () => {
    const server = await echoing();
    const other = await serve();
    other.route('GET', '/elsewhere', (req, res) =>
      res.json(200, { header: req.header('x-test-token') ?? null }),
    );
    server.route('GET', '/v1/moved', (_req, res) => res.empty(302, { location: `${other.url}/elsewhere` }));
    const follows = client(server, { crossOriginRedirects: 'follow-without-credentials' });
    await expect(follows.request({ method: 'GET', path: '/moved' }, { token: CALL_TOKEN })).resolves.toEqual({
      header: null,
    });
    await expect(
      follows.request({ method: 'GET', path: '', url: `${other.url}/elsewhere` }, { token: CALL_TOKEN }),
    ).resolves.toEqual({ header: null });
    expect(other.requests.map((request) => request.headers['x-test-token'])).toEqual([undefined, undefined]);
  });

  it('never appears in an error, and an unsendable one fails before anything is sent', async () => {
    const server = await echoing();
    const transport = client(server);
    const error = await transport
      .request({ method: 'GET', path: '/denied' }, { token: CALL_TOKEN })
      .catch((e) => e);
    expect(ApiError.isInstance(error)).toBe(true);
    expect((error as ApiError).status).toBe(403);
    for (const text of errorTexts(error)) expect(text).not.toContain(CALL_TOKEN);
    const query = client(server, { auth: { type: 'query', name: 'access_token' } });
    server.route('GET', '/v1/broken', (_req, res) => res.json(500, { errors: ['down'] }));
    const failed = await query
      .request({ method: 'GET', path: '/broken' }, { token: CALL_TOKEN })
      .catch((e) => e);
    for (const text of errorTexts(failed)) expect(text).not.toContain(CALL_TOKEN);

    const sent = server.requests.length;
    for (const token of ['', 'two\nlines']) {
      const refused = await transport.request({ method: 'GET', path: '/who' }, { token }).catch((e) => e);
      expect(RequestValidationError.isInstance(refused)).toBe(true);
      expect(String((refused as Error).message)).toContain('token');
    }
    expect(server.requests.length).toBe(sent);
  });
});
