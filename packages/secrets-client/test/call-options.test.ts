// Every per-call option reaches the transport and takes effect, over a real loopback server that
// answers the way each option needs (late, failing first, with a body the schema refuses).
import { delayed, startTestServer, statusSequence, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  createSecretsClient,
  ResponseValidationError,
  ServiceUnavailableError,
  TimeoutError,
} from '../src/index.js';
import { rejectionOf } from './support.js';

const roleset = {
  request_id: 'r',
  lease_id: '',
  lease_duration: 0,
  renewable: false,
  data: { secret_type: 'access_token', service_account_email: 'a@p.iam.gserviceaccount.com' },
  wrap_info: null,
  warnings: null,
  auth: null,
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handler: Parameters<TestServer['route']>[2]): Promise<TestServer> {
  server = await startTestServer();
  server.route('*', '/v1/*path', handler);
  return server;
}

const clientAt = (url: string) => createSecretsClient({ baseUrl: url, token: 't', retry: false });

describe('per-call options reach the transport', () => {
  it('totalTimeout stops a call whose answer comes after 1.5 s with TimeoutError, long before the answer', async () => {
    const { url } = await serve(delayed(1500, (_req, res) => res.json(200, roleset)));
    const started = performance.now();
    const error = await rejectionOf(clientAt(url).cloud.rolesets.read('web', { totalTimeout: 300 }));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1400);
  });

  it('timeout limits one attempt', async () => {
    const { url } = await serve(delayed(1500, (_req, res) => res.json(200, roleset)));
    const started = performance.now();
    const error = await rejectionOf(clientAt(url).cloud.rolesets.read('web', { timeout: 200 }));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1400);
  });

  it('signal aborts the call', async () => {
    const { url } = await serve(delayed(1500, (_req, res) => res.json(200, roleset)));
    const controller = new AbortController();
    const pending = clientAt(url).cloud.rolesets.read('web', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(AbortError.isInstance(await rejectionOf(pending))).toBe(true);
  });

  it('headers are sent, beside the namespace header', async () => {
    const received = await serve((_req, res) => res.json(200, roleset));
    await clientAt(received.url).cloud.rolesets.read('web', {
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      namespace: 'team-a',
    });
    const headers = received.requests.at(-1)?.headers ?? {};
    expect(headers.traceparent).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(headers['x-secrets-namespace']).toBe('team-a');
  });

  it('retry of a call overrides the client: two 503s then success', async () => {
    const received = await serve(statusSequence([503, 503], (_req, res) => res.json(200, roleset)));
    const client = clientAt(received.url);
    const error = await rejectionOf(client.cloud.rolesets.read('web'));
    expect(ServiceUnavailableError.isInstance(error)).toBe(true);
    const data = await client.cloud.rolesets.read('web', { retry: { limit: 2, baseDelayMs: 1 } });
    expect(data.service_account_email).toBe('a@p.iam.gserviceaccount.com');
    expect(received.requests).toHaveLength(3);
  });

  it('validateResponse: false takes a body the schema refuses; the default refuses it', async () => {
    const { url } = await serve((_req, res) => res.json(200, { ...roleset, data: { secret_type: 7 } }));
    const client = clientAt(url);
    const error = await rejectionOf(client.cloud.rolesets.read('web'));
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    const data = await client.cloud.rolesets.read('web', { validateResponse: false });
    expect(data.secret_type).toBe(7);
  });

  it('the raw request passes the same options on', async () => {
    const { url } = await serve(delayed(1500, (_req, res) => res.json(200, roleset)));
    const error = await rejectionOf(
      clientAt(url).request({ method: 'GET', path: '/gcp/roleset/web' }, { totalTimeout: 300 }),
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
  });
});
