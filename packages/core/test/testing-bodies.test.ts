import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestRequest } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Deterministic binary bytes, not valid UTF-8. */
function binary(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 131 + 7) & 0xff;
  return bytes;
}

/** A body sent in chunks as a stream, so the server receives it in pieces. */
function streamOf(bytes: Uint8Array, chunk: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

describe('request bodies', () => {
  it('hands a streamed route the body as it arrives, and records its size and SHA-256', async () => {
    const server = await serve({ maxBodyBytes: 1024 });
    let seen: TestRequest | undefined;
    server.route(
      'PUT',
      '/blob',
      async (req, res) => {
        seen = req;
        const hash = createHash('sha256');
        let chunks = 0;
        for await (const chunk of req.stream ?? []) {
          hash.update(chunk as Uint8Array);
          chunks++;
        }
        res.json(200, { sha256: hash.digest('hex'), chunks });
      },
      { streamBody: true },
    );
    // Larger than the server's limit for whole bodies: a streamed route has none unless it sets one.
    const bytes = binary(300_003);
    const res = await fetch(`${server.url}/blob`, {
      method: 'PUT',
      body: streamOf(bytes, 100_000),
      duplex: 'half',
    } as RequestInit);
    const reply = (await res.json()) as { sha256: string; chunks: number };
    expect(res.status).toBe(200);
    expect(reply.sha256).toBe(sha256(bytes));
    expect(reply.chunks).toBeGreaterThan(1);
    expect(seen?.text).toBe('');
    expect(seen?.bytes.byteLength).toBe(0);
    expect(server.requests[0]).toMatchObject({
      body: '',
      bodySize: bytes.byteLength,
      bodySha256: sha256(bytes),
    });
  });

  it('answers 413 once a streamed body passes the route limit, in the server error format', async () => {
    const server = await serve({
      errorReply: (res, status, message) => res.text(status, `oops: ${message}`),
    });
    server.route(
      'PUT',
      '/small',
      async (req, res) => {
        for await (const _chunk of req.stream ?? []) {
          // Reading is enough: the limit fails the read.
        }
        res.empty(200);
      },
      { streamBody: true, maxBodyBytes: 1000 },
    );
    const res = await fetch(`${server.url}/small`, { method: 'PUT', body: binary(5000) });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe('oops: request body is larger than 1000 bytes');
    const fits = await fetch(`${server.url}/small`, { method: 'PUT', body: binary(1000) });
    expect(fits.status).toBe(200);
    expect(server.requests[1]).toMatchObject({ bodySize: 1000, bodySha256: sha256(binary(1000)) });
  });

  it('closes the connection when a streamed route answers before the body arrived, so the next request works', async () => {
    const server = await serve();
    server.route('PUT', '/refuse', (_req, res) => res.text(403, 'no'), { streamBody: true });
    server.route('GET', '/next', (_req, res) => res.text(200, 'fine'));
    const refused = await fetch(`${server.url}/refuse`, {
      method: 'PUT',
      // Far more than the socket buffers hold, so the answer comes while most of it is still unsent.
      body: streamOf(new Uint8Array(8 * 1024 * 1024), 64 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.text()).toBe('no');
    for (let i = 0; i < 3; i++) {
      expect(await (await fetch(`${server.url}/next`)).text()).toBe('fine');
    }
  });

  it('keeps the connection when a streamed route read the whole body first', async () => {
    const server = await serve();
    server.route(
      'PUT',
      '/take',
      async (req, res) => {
        for await (const _chunk of req.stream ?? []) {
          // Read to the end.
        }
        res.text(200, 'taken');
      },
      { streamBody: true },
    );
    const taken = await fetch(`${server.url}/take`, { method: 'PUT', body: binary(1000) });
    expect(await taken.text()).toBe('taken');
    expect(taken.headers.get('connection')).toBe('keep-alive');
  });

  it('records short text as text, and binary or large bodies by size and digest only', async () => {
    const server = await serve();
    server.route('POST', '/any', (req, res) => res.json(200, { size: req.bytes.byteLength }));
    const text = '{"name":"é"}';
    const large = 'a'.repeat(1024 * 1024 + 1);
    const bytes = binary(300);
    for (const body of [text, large, bytes]) {
      expect((await fetch(`${server.url}/any`, { method: 'POST', body })).status).toBe(200);
    }
    const [first, second, third] = server.requests;
    expect(first).toMatchObject({
      body: text,
      bodySize: new TextEncoder().encode(text).byteLength,
      bodySha256: sha256(new TextEncoder().encode(text)),
    });
    expect(second).toMatchObject({
      body: '',
      bodySize: large.length,
      bodySha256: sha256(Buffer.from(large)),
    });
    expect(third).toMatchObject({ body: '', bodySize: 300, bodySha256: sha256(bytes) });
  });

  it('lets a route raise the limit for a whole body, and records an empty body as such', async () => {
    const server = await serve({ maxBodyBytes: 10 });
    server.route('POST', '/roomy', (req, res) => res.text(200, String(req.bytes.byteLength)), {
      maxBodyBytes: 100,
    });
    server.route('GET', '/none', (_req, res) => res.empty());
    expect(await (await fetch(`${server.url}/roomy`, { method: 'POST', body: 'x'.repeat(50) })).text()).toBe(
      '50',
    );
    expect((await fetch(`${server.url}/roomy`, { method: 'POST', body: 'x'.repeat(101) })).status).toBe(413);
    await fetch(`${server.url}/none`);
    expect(server.requests.map((request) => request.bodySize)).toEqual([50, 101, 0]);
    expect(server.requests[2]?.bodySha256).toBe(sha256(new Uint8Array()));
  });
});
