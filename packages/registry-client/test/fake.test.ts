import { createTestClock } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import {
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../src/index.js';
import { startFakeRegistry } from '../src/testing/index.js';
import { ALICE_TOKEN, boxWithProvider, isA, sampleBytes, setup } from './support.js';

describe('the fake registry', () => {
  it('answers errors as {errors, success: false}, unknown routes included', async () => {
    const { registry } = await setup();
    const response = await fetch(`${registry.url}/api/v1/nothing/here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      errors: ['no route for GET /api/v1/nothing/here'],
      success: false,
    });
    const malformed = await fetch(`${registry.url}/api/v1/boxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE_TOKEN}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false });
  });

  it('rate-limits API requests per caller with 429 and Retry-After', async () => {
    const { alice, bob } = await setup({ rateLimit: { requests: 2, windowMs: 60_000 } });
    await alice.tokens.validate();
    await alice.tokens.validate();
    const error = await alice.tokens.validate().catch((caught: unknown) => caught);
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 429,
      retryAfterMs: 60_000,
      errors: ['rate limit exceeded; slow down'],
    });
    await expect(bob.tokens.validate()).resolves.toBeUndefined();
  });

  it('answers 503 in maintenance mode', async () => {
    const { registry, alice } = await setup();
    registry.setMaintenance(true);
    await expect(alice.users.read('alice')).rejects.toSatisfy(isA(ServiceUnavailableError));
    registry.setMaintenance(false);
    expect((await alice.users.read('alice')).username).toBe('alice');
  });

  it('expires upload addresses after uploadTtlMs by its clock, and codes after ten minutes', async () => {
    const clock = createTestClock(Date.parse('2030-01-01T00:00:00.000Z'));
    const { registry, alice, anonymous } = await setup({ uploadTtlMs: 1000, clock });
    const tag = await boxWithProvider(alice);
    const created = await alice.boxes.read(tag);
    expect(created.created_at).toBe('2030-01-01T00:00:00.000Z');

    const { upload_path } = await alice.uploads.prepare(tag, '1.0.0', 'virtualbox');
    await clock.advance(1001);
    const late = await fetch(upload_path, { method: 'PUT', body: 'x' });
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({
      errors: ['the upload address expired; request a new one'],
      success: false,
    });

    const fresh = await alice.uploads.prepare(tag, '1.0.0', 'virtualbox');
    await clock.advance(999);
    expect((await fetch(fresh.upload_path, { method: 'PUT', body: 'x' })).status).toBe(200);

    registry.addUser({ username: 'dave', password: 'dave-password', phone: '5550001111', twoFactor: true });
    await anonymous.twoFactor.requestCode({ login: 'dave', password: 'dave-password' });
    await clock.advance(10 * 60_000 + 1);
    await expect(
      anonymous.tokens.create({
        login: 'dave',
        password: 'dave-password',
        code: registry.lastCode('dave') ?? '',
      }),
    ).rejects.toSatisfy(isA(UnauthorizedError));
  });

  it('keeps uploads in a temporary folder when asked', async () => {
    const { registry, alice } = await setup({ storage: 'temp-folder' });
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(10_000);
    await alice.uploads.upload(tag, '1.0.0', 'virtualbox', asset);
    expect(await registry.asset(tag, '1.0.0', 'virtualbox')).toEqual(asset);
    await alice.uploads.upload(tag, '1.0.0', 'virtualbox', asset.subarray(0, 10));
    expect(await registry.asset(tag, '1.0.0', 'virtualbox')).toEqual(asset.subarray(0, 10));
    await alice.boxes.delete(tag);
    expect(await registry.asset(tag, '1.0.0', 'virtualbox')).toBeUndefined();
  });

  it('refuses uploads larger than maxBodyBytes with 413', async () => {
    const { alice } = await setup({ maxBodyBytes: 1000 });
    const tag = await boxWithProvider(alice);
    await expect(alice.uploads.upload(tag, '1.0.0', 'virtualbox', sampleBytes(2000))).rejects.toMatchObject({
      status: 413,
    });
  });

  it('seeds and inspects its state', async () => {
    const { registry } = await setup();
    registry.addUser({ username: 'erin', password: 'erin-password' });
    const token = registry.issueToken('erin');
    expect(registry.hasToken(token)).toBe(true);
    expect(registry.issueToken('erin', 'chosen-token-1234')).toBe('chosen-token-1234');
    await registry.addBox({
      tag: 'erin/seeded',
      short_description: 'seeded',
      versions: [
        { version: '2', status: 'active', providers: [{ name: 'docker', url: 'https://example.com/s.box' }] },
      ],
    });
    const box = registry.box('erin/seeded');
    expect(box).toMatchObject({ tag: 'erin/seeded', private: true, current_version: { version: '2' } });
    expect(box?.versions).toEqual([
      expect.objectContaining({
        providers: [expect.objectContaining({ checksum: null, checksum_type: null })],
      }),
    ]);
    expect(registry.box('erin/none')).toBeUndefined();
    expect(await registry.asset('erin/seeded', '2', 'docker')).toBeUndefined();
    expect(registry.lastCode('erin')).toBeUndefined();

    expect(() => registry.addUser({ username: 'ERIN', password: 'x' })).toThrow(/already/);
    expect(() => registry.issueToken('nobody')).toThrow(/no user/);
    expect(() => registry.setDelinquent('nobody', true)).toThrow(/no account/);
    expect(() => registry.addUser({ username: 'frank', password: 'x', twoFactor: true })).toThrow(/phone/);
    await expect(registry.addBox({ tag: 'nobody/box' })).rejects.toThrow(/no account/);
    await expect(registry.addBox({ tag: 'erin/seeded' })).rejects.toThrow(/exists/);
  });

  it('stops with close() or await using, ending open connections', async () => {
    let url: string;
    {
      await using registry = await startFakeRegistry();
      url = registry.url;
      expect((await fetch(`${url}/api/v1/search`)).status).toBe(200);
    }
    await expect(fetch(`${url}/api/v1/search`)).rejects.toThrow();
    const registry = await startFakeRegistry();
    await registry.close();
    await registry.close();
  });

  it('accepts a token in any of the three forms, and only a Bearer Authorization', async () => {
    const { registry } = await setup();
    const forms: RequestInit[] = [
      { headers: { authorization: `Bearer ${ALICE_TOKEN}` } },
      { headers: { 'x-registry-token': ALICE_TOKEN } },
    ];
    for (const init of forms)
      expect((await fetch(`${registry.url}/api/v1/authenticate`, init)).status).toBe(200);
    expect((await fetch(`${registry.url}/api/v1/authenticate?access_token=${ALICE_TOKEN}`)).status).toBe(200);
    expect(
      (await fetch(`${registry.url}/api/v1/authenticate`, { headers: { authorization: 'Basic x' } })).status,
    ).toBe(401);
  });

  it('lets users of the fake inject faults before its own handling', async () => {
    const { alice } = await setup({
      onRequest: (req) =>
        req.path === '/api/v1/user/alice' ? { status: 403, body: { errors: ['injected'] } } : undefined,
    });
    await expect(alice.users.read('alice')).rejects.toSatisfy(isA(PermissionDeniedError));
  });
});

describe("the fake's storage faults, as any client sees them", () => {
  /** A fresh upload address for alice's provider. */
  const address = async (
    alice: Awaited<ReturnType<typeof setup>>['alice'],
    tag: string,
    provider = 'virtualbox',
  ) => (await alice.uploads.prepare(tag, '1.0.0', provider)).upload_path;

  it('answers an error status with Retry-After, once the body arrived, for the uploads in scope only', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    await alice.providers.create(tag, '1.0.0', { name: 'libvirt' });
    registry.failStorage({ kind: 'status', status: 429, retryAfter: 7, provider: 'libvirt', times: 2 });
    const other = await fetch(await address(alice, tag), { method: 'PUT', body: 'box' });
    expect(other.status).toBe(200);
    for (let round = 0; round < 2; round++) {
      const refused = await fetch(await address(alice, tag, 'libvirt'), { method: 'PUT', body: 'box' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('7');
      expect(await refused.json()).toEqual({
        errors: ['storage failed the upload (an injected fault)'],
        success: false,
      });
    }
    const third = await fetch(await address(alice, tag, 'libvirt'), { method: 'PUT', body: 'box' });
    expect(third.status).toBe(200);
    expect(registry.requests.filter((r) => r.path.startsWith('/storage/')).map((r) => r.bodySize)).toEqual([
      3, 3, 3, 3,
    ]);
  });

  it('cuts the connection mid-body, and answers 200 before the whole body arrived, keeping only that', async () => {
    const { registry, alice } = await setup({
      storageFaults: [
        { kind: 'reset', afterBytes: 1000 },
        { kind: 'early-answer', afterBytes: 100_000, tag: 'alice/base' },
      ],
    });
    const tag = await boxWithProvider(alice);
    const body = sampleBytes(4 * 1024 * 1024);
    await expect(fetch(await address(alice, tag), { method: 'PUT', body })).rejects.toThrow(TypeError);
    expect(registry.uploadAddresses[0]).toMatchObject({ received: false });
    const early = await fetch(await address(alice, tag), { method: 'PUT', body }).catch(
      (error: unknown) => error,
    );
    // A client sees the 200 (or, if the dropped connection reaches it first, a network error).
    if (early instanceof Response) expect(early.status).toBe(200);
    else expect(early).toBeInstanceOf(TypeError);
    expect(registry.uploadAddresses[1]).toMatchObject({ received: true, size: 100_000 });
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')?.size).toBe(100_000);
  });

  it('refuses a fault it cannot play', async () => {
    const { registry } = await setup();
    expect(() => registry.failStorage({ kind: 'slow' } as never)).toThrow(
      /'status', 'reset' or 'early-answer'/,
    );
    expect(() => registry.failStorage({ kind: 'reset', times: 0 })).toThrow(/times must be 1 or more/);
  });
});
