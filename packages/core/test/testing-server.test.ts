import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ReplyError, startTestServer, type TestRequest } from '../src/testing/index.js';
import { deferred, trackServers } from './support.js';

const serve = trackServers();

describe('startTestServer', () => {
  it('listens on 127.0.0.1 with a port of its own', async () => {
    const server = await serve();
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('does not keep the process alive by listening', async () => {
    const listeners = () =>
      process.getActiveResourcesInfo().filter((type) => type === 'TCPServerWrap').length;
    const before = listeners();
    await serve();
    expect(listeners()).toBe(before);
  });

  it('answers a request line and headers over the limit with the error body, JSON or the errorReply kind', async () => {
    const json = await serve();
    json.route('*', '/*rest', (_req, res) => res.empty());
    const long = await fetch(`${json.url}/${'a'.repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(long.headers.get('content-type')).toBe('application/json');
    expect(((await long.json()) as { errors: string[] }).errors[0]).toMatch(/larger than the server accepts/);
    const text = await serve({ errorReply: (res, status, message) => res.text(status, message) });
    const plain = await fetch(`${text.url}/${'a'.repeat(20_000)}`);
    expect(plain.status).toBe(431);
    expect(plain.headers.get('content-type')).toContain('text/plain');
    expect(await plain.text()).toMatch(/larger than the server accepts/);
  });

  it('records every request in order, with raw path, query, headers and body', async () => {
    const server = await serve();
    server.route('*', '/*rest', (_req, res) => res.empty());
    await fetch(`${server.url}/v1/job/a%2Fb?namespace=prod&index=3`, {
      method: 'POST',
      headers: { 'X-Scheduler-Token': 'secret', 'content-type': 'application/json' },
      body: JSON.stringify({ Job: { ID: 'a/b' } }),
    });
    await fetch(`${server.url}/v1/missing`);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first?.method).toBe('POST');
    expect(first?.path).toBe('/v1/job/a%2Fb');
    expect(first?.query.get('namespace')).toBe('prod');
    expect(first?.query.get('index')).toBe('3');
    expect(first?.headers['x-scheduler-token']).toBe('secret');
    expect(first?.headers['content-type']).toBe('application/json');
    expect(first?.body).toBe('{"Job":{"ID":"a/b"}}');
    expect(second?.method).toBe('GET');
    expect(second?.path).toBe('/v1/missing');
    expect(second?.body).toBe('');
  });

  it('gives handlers the body as text, bytes and JSON, and headers by any case', async () => {
    const server = await serve();
    let seen: TestRequest | undefined;
    server.route('PUT', '/v1/thing', (req, res) => {
      seen = req;
      res.empty();
    });
    await fetch(`${server.url}/v1/thing?x=1`, {
      method: 'PUT',
      headers: { 'X-Custom': 'yes' },
      body: '{"a":"é"}',
    });
    expect(seen?.text).toBe('{"a":"é"}');
    expect(seen?.bytes).toEqual(new TextEncoder().encode('{"a":"é"}'));
    expect(seen?.json<{ a: string }>()).toEqual({ a: 'é' });
    expect(seen?.header('x-CUSTOM')).toBe('yes');
    expect(seen?.query.get('x')).toBe('1');
  });

  it('answers 413 to a body larger than maxBodyBytes', async () => {
    const server = await serve({ maxBodyBytes: 8 });
    server.route('POST', '/upload', (req, res) => res.text(200, req.text));
    const big = await fetch(`${server.url}/upload`, { method: 'POST', body: 'x'.repeat(100) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ errors: ['request body is larger than 8 bytes'] });
    expect(server.requests[0]?.body).toBe('');
    const fits = await fetch(`${server.url}/upload`, { method: 'POST', body: '12345678' });
    expect(await fits.text()).toBe('12345678');
  });

  it('aborts req.signal when the client goes away, and not after a full reply', async () => {
    const server = await serve();
    const hung = deferred<AbortSignal>();
    const answered = deferred<AbortSignal>();
    server.route('GET', '/hang', (req, res) => {
      res.hang();
      hung.resolve(req.signal);
    });
    server.route('GET', '/ok', (req, res) => {
      res.empty();
      answered.resolve(req.signal);
    });
    const client = new AbortController();
    const outcome = fetch(`${server.url}/hang`, { signal: client.signal }).then(
      () => 'resolved',
      () => 'rejected',
    );
    const signal = await hung.promise;
    expect(signal.aborted).toBe(false);
    const aborted = new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    client.abort();
    expect(await outcome).toBe('rejected');
    await aborted;
    expect(signal.aborted).toBe(true);

    await fetch(`${server.url}/ok`);
    const okSignal = await answered.promise;
    await server.close();
    expect(okSignal.aborted).toBe(false);
  });

  it('lets onRequest answer by returning a reply, by replying itself, or pass on', async () => {
    const server = await serve({
      onRequest: (req, res) => {
        if (req.path === '/teapot') res.text(418, 'short and stout');
        else if (req.header('x-token') !== 'good') return { status: 403 };
        return undefined;
      },
    });
    server.route('GET', '/v1/thing/:id', (req, res) => res.json(200, req.params));
    const denied = await fetch(`${server.url}/v1/thing/1`);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ errors: ['Forbidden'] });
    const teapot = await fetch(`${server.url}/teapot`);
    expect(teapot.status).toBe(418);
    expect(await teapot.text()).toBe('short and stout');
    const allowed = await fetch(`${server.url}/v1/thing/1`, { headers: { 'x-token': 'good' } });
    expect(await allowed.json()).toEqual({ id: '1' });
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/thing/1', '/teapot', '/v1/thing/1']);
  });

  it('accepts an async hook that returns a reply or nothing', async () => {
    const server = await serve({
      onRequest: async (req) => {
        await Promise.resolve();
        return req.path === '/limited' ? { status: 429, headers: { 'retry-after': '2' } } : undefined;
      },
    });
    server.route('GET', '/*any', (_req, res) => res.text(200, 'fine'));
    const limited = await fetch(`${server.url}/limited`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await (await fetch(`${server.url}/other`)).text()).toBe('fine');
  });

  it('accepts a hook that only records', async () => {
    const seen: string[] = [];
    const server = await serve({
      onRequest: (req) => {
        seen.push(`${req.method} ${req.path}`);
      },
    });
    server.route('GET', '/a', (_req, res) => res.empty());
    await fetch(`${server.url}/a`);
    expect(seen).toEqual(['GET /a']);
  });
});

describe('close', () => {
  it('does not wait for idle keep-alive connections, and may be called twice', async () => {
    const server = await startTestServer();
    server.route('GET', '/a', (_req, res) => res.text(200, 'a'));
    for (let i = 0; i < 3; i += 1) expect(await (await fetch(`${server.url}/a`)).text()).toBe('a');
    await server.close();
    await server.close();
    await expect(fetch(`${server.url}/a`)).rejects.toThrow();
  });

  it('settles handlers that fail after the close without unhandled rejections', async () => {
    const server = await startTestServer();
    const arrived = deferred();
    const handlerDone = deferred();
    server.route('GET', '/wait', async (req) => {
      arrived.resolve();
      try {
        // Rejects when close() ends the connection; the server must swallow it.
        await new Promise((_resolve, reject) => req.signal.addEventListener('abort', reject));
      } finally {
        handlerDone.resolve();
      }
    });
    const outcome = fetch(`${server.url}/wait`).then(
      () => 'resolved',
      () => 'rejected',
    );
    await arrived.promise;
    await server.close();
    await handlerDone.promise;
    expect(await outcome).toBe('rejected');
  });

  it('closes at the end of an await using block', async () => {
    let url = '';
    {
      await using server = await startTestServer();
      server.route('GET', '/a', (_req, res) => res.text(200, 'inside'));
      url = server.url;
      expect(await (await fetch(`${url}/a`)).text()).toBe('inside');
    }
    await expect(fetch(`${url}/a`)).rejects.toThrow();
  });
});

describe('upgrades', () => {
  it('hands a matching upgrade its socket and refuses others with 404', async () => {
    const server = await serve();
    server.upgrade('/v1/client/allocation/:id/exec', (req, socket) => {
      socket.end(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\nX-Id: ${req.params.id}\r\nX-Task: ${req.query.get('task')}\r\n\r\n`,
      );
    });
    const answer = async (path: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1', () => {
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n`,
          );
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
    const accepted = await answer('/v1/client/allocation/a%2Fb/exec?task=web');
    expect(accepted).toMatch(/^HTTP\/1.1 101/);
    expect(accepted).toContain('X-Id: a/b');
    expect(accepted).toContain('X-Task: web');
    expect(await answer('/v1/elsewhere')).toMatch(/^HTTP\/1.1 404/);
    expect(server.requests.map((r) => r.method)).toEqual(['UPGRADE']);
  });
});

describe('error replies', () => {
  it('writes thrown ReplyErrors, unknown routes and oversized bodies in the chosen format', async () => {
    const server = await serve({
      maxBodyBytes: 4,
      errorReply: (res, status, message, headers) => res.text(status, `error: ${message}`, headers),
    });
    server.route('POST', '/v1/x', () => {
      throw new ReplyError(409, 'taken', { 'x-reason': 'conflict' });
    });
    const thrown = await fetch(`${server.url}/v1/x`, { method: 'POST', body: 'ok' });
    expect(thrown.status).toBe(409);
    expect(thrown.headers.get('x-reason')).toBe('conflict');
    expect(await thrown.text()).toBe('error: taken');
    const unknown = await fetch(`${server.url}/v1/nowhere`);
    expect([unknown.status, await unknown.text()]).toEqual([404, 'error: no route for GET /v1/nowhere']);
    const large = await fetch(`${server.url}/v1/x`, { method: 'POST', body: 'too large' });
    expect([large.status, await large.text()]).toEqual([413, 'error: request body is larger than 4 bytes']);
  });
});

describe('methods Node does not parse', () => {
  it('routes LIST under its own name, next to ordinary requests with bodies, and closes the gateway too', async () => {
    const server = await serve({ methods: ['LIST'] });
    server.route('LIST', '/v1/gcp/rolesets', (req, res) =>
      res.json(200, { method: req.method, keys: ['a'] }),
    );
    server.route('POST', '/v1/gcp/roleset/:name', (req, res) =>
      res.json(200, { name: req.params.name, body: req.json() }),
    );
    const listed = await fetch(`${server.url}/v1/gcp/rolesets`, { method: 'LIST' });
    expect(await listed.json()).toEqual({ method: 'LIST', keys: ['a'] });
    const chunked = new Blob(['{"bindings":', '"x"}']).stream();
    const posted = await fetch(`${server.url}/v1/gcp/roleset/r1`, {
      method: 'POST',
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(await posted.json()).toEqual({ name: 'r1', body: { bindings: 'x' } });
    expect(server.requests.map((r) => r.method)).toEqual(['LIST', 'POST']);
    expect(server.requests[0]?.headers).not.toHaveProperty('x-test-original-method');
    const url = server.url;
    await server.close();
    await expect(fetch(`${url}/v1/gcp/rolesets`, { method: 'LIST' })).rejects.toThrow();
  });
});
