import { describe, expect, it } from 'vitest';
import { ReplyError } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();

describe('routing', () => {
  it('decodes :params and leaves the recorded path raw', async () => {
    const server = await serve();
    server.route('GET', '/v1/job/:id/versions/:version', (req, res) =>
      res.json(200, { params: req.params, path: req.path }),
    );
    const res = await fetch(`${server.url}/v1/job/web%20app/versions/3`);
    expect(await res.json()).toEqual({
      params: { id: 'web app', version: '3' },
      path: '/v1/job/web%20app/versions/3',
    });
  });

  it('keeps an encoded slash inside its parameter', async () => {
    const server = await serve();
    server.route('GET', '/v1/job/:id', (req, res) => res.json(200, req.params));
    server.route('GET', '/v1/job/:id/:more', (_req, res) => res.json(200, { wrong: true }));
    const res = await fetch(`${server.url}/v1/job/a%2Fb`);
    expect(await res.json()).toEqual({ id: 'a/b' });
  });

  it('lets a final *name take the rest of the path, slashes included', async () => {
    const server = await serve();
    server.route('GET', '/v1/:mount/files/*path', (req, res) => res.json(200, req.params));
    const res = await fetch(`${server.url}/v1/kv/files/a/b%20c/d`);
    expect(await res.json()).toEqual({ mount: 'kv', path: 'a/b c/d' });
    expect((await fetch(`${server.url}/v1/kv/files/`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/kv/files`)).status).toBe(404);
  });

  it('matches a list of methods, and * as any method', async () => {
    const server = await serve();
    server.route(['POST', 'put'], '/v1/thing', (req, res) => res.text(200, `write ${req.method}`));
    server.route('*', '/v1/any', (req, res) => res.text(200, `any ${req.method}`));
    expect(await (await fetch(`${server.url}/v1/thing`, { method: 'POST' })).text()).toBe('write POST');
    expect(await (await fetch(`${server.url}/v1/thing`, { method: 'PUT' })).text()).toBe('write PUT');
    expect((await fetch(`${server.url}/v1/thing`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await fetch(`${server.url}/v1/any`, { method: 'PATCH' })).text()).toBe('any PATCH');
  });

  it('lets the first matching route win', async () => {
    const server = await serve();
    server.route('GET', '/v1/job/:id', (_req, res) => res.text(200, 'param'));
    server.route('GET', '/v1/job/special', (_req, res) => res.text(200, 'literal'));
    expect(await (await fetch(`${server.url}/v1/job/special`)).text()).toBe('param');
  });

  it('answers 404 with an errors list when no route matches', async () => {
    const server = await serve();
    server.route('GET', '/v1/job/:id', (_req, res) => res.empty());
    const res = await fetch(`${server.url}/x?a=1`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('{"errors":["no route for GET /x"]}');
    expect((await fetch(`${server.url}/v1/job/a/extra`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/job/%E0%A4%A`)).status).toBe(404);
  });

  it('turns a thrown error into a 500 with its message as text', async () => {
    const server = await serve();
    server.route('GET', '/boom', () => {
      throw new Error('kaboom');
    });
    server.route('GET', '/async-boom', async () => {
      await Promise.resolve();
      throw new Error('later kaboom');
    });
    const res = await fetch(`${server.url}/boom`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('kaboom');
    expect(await (await fetch(`${server.url}/async-boom`)).text()).toBe('later kaboom');
  });

  it('turns a ReplyError into its status and an errors list', async () => {
    const server = await serve();
    server.route('GET', '/denied', () => {
      throw new ReplyError(403, 'Permission denied', { 'x-reason': 'acl' });
    });
    const res = await fetch(`${server.url}/denied`);
    expect(res.status).toBe(403);
    expect(res.headers.get('x-reason')).toBe('acl');
    expect(await res.json()).toEqual({ errors: ['Permission denied'] });
  });

  it('answers 400 when a handler reads a body that is not JSON', async () => {
    const server = await serve();
    server.route('POST', '/v1/jobs', (req, res) => res.json(200, req.json()));
    const res = await fetch(`${server.url}/v1/jobs`, { method: 'POST', body: '{not json' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: string[] };
    expect(body.errors[0]).toMatch(/^request body of POST \/v1\/jobs is not valid JSON/);
  });

  it('answers 500 when a handler returns without replying', async () => {
    const server = await serve();
    server.route('GET', '/silent', () => undefined);
    const res = await fetch(`${server.url}/silent`);
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('the handler of GET /silent returned without replying');
  });

  it('refuses malformed patterns when the route is added', async () => {
    const server = await serve();
    const handler = (): void => undefined;
    expect(() => server.route('GET', 'v1/jobs', handler)).toThrow(/must start with/);
    expect(() => server.route('GET', '/v1/*rest/more', handler)).toThrow(/last segment/);
    expect(() => server.route('GET', '/v1/:id/:id', handler)).toThrow(/twice/);
    expect(() => server.route('GET', '/v1/:', handler)).toThrow(/bad parameter name/);
    expect(() => server.route([], '/v1', handler)).toThrow(/at least one method/);
  });
});
