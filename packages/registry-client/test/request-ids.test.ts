// Request ids, over real sockets: every call to the registry sends an X-Request-Id of its own, the
// answer's metadata names it, and the error of a failed call carries it, whatever the failure.
import { startTestServer } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import {
  ConnectionError,
  createRegistryClient,
  NotFoundError,
  ResponseValidationError,
  requestIdOf,
  UnprocessableEntityError,
} from '../src/index.js';
import { isA, sampleBytes, setup } from './support.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('sends a fresh id with every call, v1 and v2 paths alike, and the answer names it', async () => {
    const { registry, alice } = await setup();
    const { data: box, meta } = await alice.boxes.create({ name: 'ids' }).withMeta();
    await alice.versions.create(box.tag, { version: '1.0.0' });
    await alice.providers.create(box.tag, '1.0.0', { name: 'vb', architecture: 'arm64' });
    await alice.uploads.upload(box.tag, '1.0.0', { name: 'vb', architecture: 'arm64' }, sampleBytes(1024));
    const api = registry.requests.filter((request) => request.path.startsWith('/api/'));
    const ids = api.map((request) => request.headers['x-request-id']);
    expect(ids.every((id) => id !== undefined && UUID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(api.some((request) => request.path.startsWith('/api/v2/'))).toBe(true);
    expect(meta.requestId).toBe(ids[0]);
    // Storage is not the registry: the box image's PUT carries no id of ours.
    const stored = registry.requests.filter((request) => request.path.startsWith('/storage/'));
    expect(stored.map((request) => request.headers['x-request-id'])).toEqual([undefined]);
  });

  it('sends version 4 ids where the runtime has no randomUUID (a page served over plain http)', async () => {
    const { registry, alice } = await setup();
    const randomUUID = Object.getOwnPropertyDescriptor(
      Object.getPrototypeOf(globalThis.crypto),
      'randomUUID',
    );
    expect(randomUUID).toBeDefined();
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      await alice.boxes.create({ name: 'plain-http' });
      await alice.boxes.read('alice/plain-http');
    } finally {
      Reflect.deleteProperty(globalThis.crypto, 'randomUUID');
    }
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
    const ids = registry.requests
      .filter((request) => request.path.startsWith('/api/'))
      .map((request) => request.headers['x-request-id']);
    expect(ids).toHaveLength(2);
    expect(ids.every((id) => id !== undefined && UUID.test(id))).toBe(true);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("carries the id in the registry's errors, and keeps an id the caller gave", async () => {
    const { registry, alice } = await setup();
    const missing = await alice.boxes.read('alice/missing').catch((error: unknown) => error);
    expect(missing).toSatisfy(isA(NotFoundError));
    const sent = registry.requests.at(-1)?.headers['x-request-id'];
    expect(requestIdOf(missing)).toBe(sent);
    expect((missing as NotFoundError).requestId).toBe(sent);

    await alice.boxes.create({ name: 'twice' });
    const twice = await alice.boxes
      .create({ name: 'twice' }, { headers: { 'X-Request-Id': 'deploy-42' } })
      .catch((error: unknown) => error);
    expect(twice).toSatisfy(isA(UnprocessableEntityError));
    expect(registry.requests.at(-1)?.headers['x-request-id']).toBe('deploy-42');
    expect(requestIdOf(twice)).toBe('deploy-42');
  });

  it('carries the id in errors that have no answer of the registry: a dropped connection, a bad body', async () => {
    await using server = await startTestServer();
    server.route('GET', '/api/v1/box/:username/:name', (req, res) => {
      if (req.params.name === 'dropped') res.raw.socket?.destroy();
      else res.json(200, { tag: 42 });
    });
    const client = createRegistryClient({ baseUrl: server.url, retry: false });
    const dropped = await client.boxes.read('alice/dropped').catch((error: unknown) => error);
    expect(dropped).toSatisfy(isA(ConnectionError));
    const droppedId = server.requests.at(-1)?.headers['x-request-id'];
    expect(droppedId).toMatch(UUID);
    expect(requestIdOf(dropped)).toBe(droppedId);
    expect(JSON.stringify(dropped)).toContain(droppedId);

    const malformed = await client.boxes.read('alice/malformed').catch((error: unknown) => error);
    expect(malformed).toSatisfy(isA(ResponseValidationError));
    expect(requestIdOf(malformed)).toBe(server.requests.at(-1)?.headers['x-request-id']);
  });
});
