// Every per-call option reaches the transport and takes effect, over a real loopback server that
// answers the way each option needs (not before the test says so, failing first, with a body the schema
// refuses). A call cut short is shown by what the server saw (the client left before any answer), not
// by how long it took.
import { type Handler, startTestServer, statusSequence, type TestServer } from '@infra-sdk/core/testing';
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

/** A handler that answers only once `release()` is called; it tells when a request arrived and when its client left. */
function heldAnswer() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let leave: () => void = () => undefined;
  const left = new Promise<void>((resolve) => {
    leave = resolve;
  });
  let answered = false;
  const handler: Handler = async (req, res) => {
    req.signal.addEventListener('abort', leave, { once: true });
    arrive();
    await Promise.race([released, left]);
    if (req.signal.aborted) return;
    answered = true;
    res.json(200, roleset);
  };
  return {
    handler,
    release,
    arrived,
    left,
    get answered() {
      return answered;
    },
  };
}

describe('per-call options reach the transport', () => {
  // The server never answers on its own: a call that ends, ends by its own limit, before any answer.
  it('totalTimeout stops a call that has no answer with TimeoutError', async () => {
    const held = heldAnswer();
    const { url } = await serve(held.handler);
    const error = await rejectionOf(clientAt(url).cloud.rolesets.read('web', { totalTimeout: 300 }));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(held.answered).toBe(false);
  });

  it('timeout limits one attempt', async () => {
    const held = heldAnswer();
    const { url } = await serve(held.handler);
    const error = await rejectionOf(clientAt(url).cloud.rolesets.read('web', { timeout: 200 }));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(held.answered).toBe(false);
  });

  it('signal aborts the call, and the client leaves', async () => {
    const held = heldAnswer();
    const { url } = await serve(held.handler);
    const controller = new AbortController();
    const pending = clientAt(url).cloud.rolesets.read('web', { signal: controller.signal });
    await held.arrived;
    controller.abort();
    expect(AbortError.isInstance(await rejectionOf(pending))).toBe(true);
    expect(held.answered).toBe(false);
    await held.left;
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
    const held = heldAnswer();
    const { url } = await serve(held.handler);
    const error = await rejectionOf(
      clientAt(url).request({ method: 'GET', path: '/gcp/roleset/web' }, { totalTimeout: 300 }),
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(held.answered).toBe(false);
  });
});
