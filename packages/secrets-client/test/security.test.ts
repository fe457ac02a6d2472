// Where the token, the namespace and request bodies go, over real sockets: redirects to another origin,
// a standby's 307 to the active node, header values, empty tokens, and a sync-status poll that sees
// nothing new. The redirecting servers are plain node:http servers, not the fake.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorTexts } from '../../../test-support/error-texts.js';
import {
  createSecretsClient,
  fromEnv,
  RedirectError,
  RequestValidationError,
  TimeoutError,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, clockedClientOf, rejectionOf, runUntilSettled } from './support.js';

const DB_PASSWORD = 'db-pass-Zq8v1';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ namespaces: ['team-a'] });
});
afterAll(() => fake.close());

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  vi.unstubAllEnvs();
});

/** A node:http server on 127.0.0.1:0 that records every request and answers `status` with `location(path)`. */
async function redirector(status: number, location: (path: string) => string) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      seen.push({
        method: req.method ?? '',
        url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(status, { location: location(url), 'content-length': '0' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
}

function expectNoLeak(error: unknown, ...secrets: string[]): void {
  for (const text of errorTexts(error)) for (const secret of secrets) expect(text).not.toContain(secret);
}

const connection = {
  plugin_name: 'postgresql-database-plugin',
  connection_url: `postgresql://app:${DB_PASSWORD}@db:5432/app`,
  verify_connection: false,
};

describe('redirects to another origin', () => {
  it.each([301, 302, 303, 307, 308])(
    'refuses %i for reads, lists, writes and deletes; nothing reaches the other origin',
    async (status) => {
      const other = await redirector(200, () => '/');
      const service = await redirector(status, (path) => `${other.url}${path}`);
      const client = createSecretsClient({
        baseUrl: service.url,
        token: fake.rootToken,
        namespace: 'team-a',
        // Node's own HTTP parser refuses the LIST verb, so this plain server gets lists as GET ?list=true.
        listMethod: 'GET',
        retry: false,
      });
      const calls = [
        () => client.database.connections.read('pg'),
        () => client.database.connections.list(),
        () => client.database.connections.write('pg', connection),
        () => client.database.connections.delete('pg'),
      ];
      for (const call of calls) {
        const error = await rejectionOf(call());
        expect(RedirectError.isInstance(error), String(error)).toBe(true);
        expect((error as RedirectError).message).toContain('trustedOrigins');
        expectNoLeak(error, fake.rootToken, DB_PASSWORD);
      }
      expect(other.seen).toHaveLength(0);
      expect(service.seen.map((r) => r.method)).toEqual(['GET', 'GET', 'POST', 'DELETE']);
      expect(service.seen[0]?.headers['x-secrets-token']).toBe(fake.rootToken);
    },
  );

  it('keeps the token, the namespace and the body on a standby 307 to a trusted active node', async () => {
    const standby = await redirector(307, (path) => `${fake.url}${path}`);
    const client = createSecretsClient({
      baseUrl: standby.url,
      token: fake.rootToken,
      namespace: 'team-a',
      trustedOrigins: [fake.url],
      retry: false,
    });
    await client.database.connections.write('via-standby', connection);
    const write = fake.requests.at(-1);
    expect(write?.method).toBe('POST');
    expect(write?.headers['x-secrets-token']).toBe(fake.rootToken);
    expect(write?.headers['x-secrets-namespace']).toBe('team-a');
    expect(write?.body).toContain(DB_PASSWORD);
    expect((await client.database.connections.read('via-standby')).plugin_name).toBe(connection.plugin_name);
    // The standby saw the first hop of each call only.
    expect(standby.seen.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('refuses the same standby without the trust list, naming the option and the target', async () => {
    const standby = await redirector(307, (path) => `${fake.url}${path}`);
    const before = fake.requests.length;
    const error = await rejectionOf(
      createSecretsClient({
        baseUrl: standby.url,
        token: fake.rootToken,
        namespace: 'team-a',
        retry: false,
      }).database.connections.write('refused', connection),
    );
    expect(RedirectError.isInstance(error)).toBe(true);
    expect((error as RedirectError).location).toContain(fake.url);
    expect((error as Error).message).toContain('trustedOrigins');
    expect(fake.requests.length).toBe(before);
    expectNoLeak(error, fake.rootToken, DB_PASSWORD);
  });

  it('never sends the namespace of a call to another origin either', async () => {
    const other = await redirector(200, () => '/');
    const service = await redirector(302, (path) => `${other.url}${path}`);
    const client = createSecretsClient({ baseUrl: service.url, token: fake.rootToken, retry: false });
    const error = await rejectionOf(client.database.connections.read('pg', { namespace: 'team-a' }));
    expect(RedirectError.isInstance(error)).toBe(true);
    expect(service.seen[0]?.headers['x-secrets-namespace']).toBe('team-a');
    expect(other.seen).toHaveLength(0);
  });
});

describe('tokens and header values', () => {
  it('refuses a token a header cannot carry, at creation and from a provider, naming only the option', async () => {
    const token = `${fake.rootToken}\r\nX-Injected: 1`;
    let creation: unknown;
    try {
      createSecretsClient({ baseUrl: fake.url, token });
    } catch (error) {
      creation = error;
    }
    expect(RequestValidationError.isInstance(creation)).toBe(true);
    expectNoLeak(creation, fake.rootToken);
    const before = fake.requests.length;
    const perCall = await rejectionOf(
      clientOf(fake, { token: async () => token }).database.connections.list(),
    );
    expect(RequestValidationError.isInstance(perCall)).toBe(true);
    expect((perCall as RequestValidationError).issues[0]?.path).toBe('token');
    expectNoLeak(perCall, fake.rootToken);
    expect(fake.requests.length).toBe(before);
  });

  it('refuses an empty token and an empty SECRETS_TOKEN; leaving it out is anonymous', async () => {
    expect(() => createSecretsClient({ baseUrl: fake.url, token: '' })).toThrow(/token: is empty/);
    vi.stubEnv('SECRETS_ADDR', fake.url);
    vi.stubEnv('SECRETS_TOKEN', '');
    expect(() => fromEnv()).toThrow(/SECRETS_TOKEN: is empty/);
    vi.stubEnv('SECRETS_TOKEN', undefined);
    await rejectionOf(fromEnv({ retry: false }).database.connections.list());
    expect(fake.requests.at(-1)?.headers['x-secrets-token']).toBeUndefined();
  });
});

describe('sync-status polls', () => {
  it('slow down while the status stays the same', async () => {
    const clock = createTestClock();
    const client = clockedClientOf(fake, clock);
    await client.sync.destinations.write('cloud2-kv', 'poll-1', {
      key_vault_uri: 'https://keyvault-1234abcd.example.net',
      tenant_id: 't',
      client_id: 'c',
      client_secret: 'cs',
    });
    await client.sync.config.update({ disabled: true });
    try {
      const secret = { mount: 'secret', secret_name: 'polled' };
      await client.kv.write('polled', { value: 1 });
      await client.sync.associations.set('cloud2-kv', 'poll-1', secret);
      const before = fake.requests.length;
      const error = await rejectionOf(
        runUntilSettled(
          clock,
          client.sync.associations.waitForStatus({ type: 'cloud2-kv', name: 'poll-1', ...secret }, 'SYNCED', {
            clock,
            intervalMs: 10,
            timeoutMs: 400,
          }),
        ),
      );
      expect(TimeoutError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('last seen: status PENDING');
      // Fixed 10 ms pauses make dozens of reads in 400 ms; 10, 20, 40, 80, 160 ms make a handful.
      expect(fake.requests.length - before).toBeLessThan(12);
    } finally {
      await client.sync.config.update({ disabled: false });
    }
  });
});
