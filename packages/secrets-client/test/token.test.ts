// The client's own token: lookup-self and renew-self over HTTP, the fake's tokens (TTL, max TTL,
// renewable, periodic; refused once expired), and the token keeper for renewable and periodic tokens.
// The fake and the keepers share a test clock: the tokens' lives pass when the tests move it.
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  createSecretsCore,
  type KeeperEvent,
  keepToken,
  lookupSelfToken,
  PermissionDeniedError,
  renewSelfToken,
  type TokenAuth,
  type TokenInfo,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import {
  clientOf,
  clockedClientOf,
  expectRejectedBeforeSending,
  rejectionOf,
  runUntilSettled,
} from './support.js';

const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ clock });
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);

describe('lookup-self and renew-self', () => {
  it('looks up the root token: never expires, not renewable', async () => {
    const client = clientOf(fake);
    const info: TokenInfo = await client.token.lookupSelf();
    expect(last()).toMatchObject({ method: 'GET', path: '/v1/auth/token/lookup-self' });
    expect(info).toMatchObject({
      id: fake.rootToken,
      policies: ['root'],
      ttl: 0,
      expire_time: null,
      renewable: false,
    });
    expect((await rejectionOf(client.token.renewSelf())) as BadRequestError).toMatchObject({ status: 400 });
  });

  it('looks up and renews a token with a TTL, up to its explicit max TTL, with the service warning', async () => {
    const { token, accessor } = fake.createToken({ ttl: 60, explicitMaxTtl: 90 });
    const client = clientOf(fake, { token });
    const info = await client.token.lookupSelf();
    expect(info).toMatchObject({
      id: token,
      accessor,
      renewable: true,
      creation_ttl: 60,
      explicit_max_ttl: 90,
    });
    expect(info.ttl).toBe(60);
    expect(new Date(info.expire_time ?? '').getTime()).toBe(clock.now() + 60_000);
    await clock.advance(10_000);
    expect((await client.token.lookupSelf()).ttl).toBe(50);

    const renewed: TokenAuth = await client.token.renewSelf({ increment: '30s' });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/auth/token/renew-self' });
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ increment: '30s' });
    expect(renewed).toMatchObject({ client_token: token, accessor, lease_duration: 30, renewable: true });
    const capped = await renewSelfToken(createSecretsCore({ baseUrl: fake.url, token }), {
      increment: 3600,
    }).withMeta();
    // Its max TTL counts from its creation, ten seconds ago.
    expect(capped.data.lease_duration).toBe(80);
    expect(capped.meta.warnings[0]).toContain('capped');
    expect(fake.token(token)?.renewals).toBe(2);
    await expectRejectedBeforeSending(fake, () => client.token.renewSelf({ increment: 'soon' }), 'increment');
  });

  it('refuses a token once it expired, and a renewal of one that is not renewable', async () => {
    const brief = fake.createToken({ ttl: 1 });
    const client = clientOf(fake, { token: brief.token });
    expect((await client.token.lookupSelf()).ttl).toBe(1);
    await clock.advance(999);
    expect((await client.token.lookupSelf()).ttl).toBe(0);
    await clock.advance(1);
    const expired = await rejectionOf(client.token.lookupSelf());
    expect(PermissionDeniedError.isInstance(expired)).toBe(true);
    expect(fake.token(brief.token)).toBeUndefined();

    const fixed = fake.createToken({ ttl: 60, renewable: false });
    const core = createSecretsCore({ baseUrl: fake.url, token: fixed.token });
    expect((await lookupSelfToken(core)).renewable).toBe(false);
    const error = await rejectionOf(renewSelfToken(core));
    expect(BadRequestError.isInstance(error)).toBe(true);
  });

  it('gives a periodic token its period at each renewal, whatever is asked', async () => {
    const periodic = fake.createToken({ period: 30 });
    const client = clientOf(fake, { token: periodic.token });
    expect(await client.token.lookupSelf()).toMatchObject({
      period: 30,
      creation_ttl: 30,
      explicit_max_ttl: 0,
    });
    expect((await client.token.renewSelf({ increment: 5 })).lease_duration).toBe(30);
  });

  it('the fake issues tokens over HTTP too (auth/token/create), as an upstream client would ask for them', async () => {
    const client = clientOf(fake);
    const created = await client.request<{ auth: TokenAuth }>({
      method: 'POST',
      path: '/auth/token/create',
      body: { ttl: '1h', period: '', renewable: true, policies: ['default'] },
    });
    const info = await clientOf(fake, { token: created.auth.client_token }).token.lookupSelf();
    expect(info).toMatchObject({
      accessor: created.auth.accessor,
      creation_ttl: 3600,
      policies: ['default'],
    });
    // A token without the policy for it cannot create others.
    const denied = await rejectionOf(
      clientOf(fake, { token: created.auth.client_token }).request({
        method: 'POST',
        path: '/auth/token/create',
        body: {},
      }),
    );
    expect(PermissionDeniedError.isInstance(denied)).toBe(true);
  });
});

describe('the token keeper', () => {
  it('keeps a periodic token alive well past its period, and never says the token in its events', async () => {
    const periodic = fake.createToken({ period: 3600 });
    const client = clockedClientOf(fake, clock, { token: periodic.token });
    const events: KeeperEvent[] = [];
    await using keeper = client.token.keep({ clock, onEvent: (event) => events.push(event) });
    const first = await keeper.ready;
    expect(first.data).not.toHaveProperty('id');
    expect(first).toMatchObject({ leaseId: periodic.accessor, renewable: true });
    await clock.runUntil(() => (keeper.current?.renewals ?? 0) >= 3);
    // Three renewals of an hour's period: alive past its first life and then some.
    expect(fake.token(periodic.token)?.renewals).toBe(3);
    expect(clock.now() - periodic.issuedAt).toBeGreaterThan(3_600_000);
    expect((await client.token.lookupSelf()).ttl).toBeGreaterThan(0);
    expect(events.every((event) => event.type === 'issued' || event.type === 'renewed')).toBe(true);
    expect(JSON.stringify(events)).not.toContain(periodic.token);
  });

  it('renews a renewable token to its max TTL, says so, and lets go of it shortly before its end', async () => {
    const token = fake.createToken({ ttl: 3600, explicitMaxTtl: 3 * 3600 });
    const core = createSecretsCore({
      baseUrl: fake.url,
      token: token.token,
      retry: false,
      fetch: clock.fetch(),
    });
    const events: KeeperEvent[] = [];
    let liveAtTheEnd: boolean | undefined;
    const keeper = keepToken(core, {
      clock,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'expiring') liveAtTheEnd = fake.token(token.token) !== undefined;
      },
    });
    const end = await runUntilSettled(clock, keeper.done);
    expect(end.reason).toBe('expiring');
    expect(events.map((event) => event.type)).toContain('max-ttl');
    expect(liveAtTheEnd).toBe(true);
  });

  it('holds a token that never expires, and ends with the error when the token is refused', async () => {
    const client = clientOf(fake);
    const root = client.token.keep({ clock });
    expect((await root.ready).expiresAt).toBeUndefined();
    expect((await root.stop()).reason).toBe('stopped');
    const refused = await clientOf(fake, { token: 'no-such-token' }).token.keep({ clock }).done;
    expect(refused.reason).toBe('error');
    expect(PermissionDeniedError.isInstance(refused.error)).toBe(true);
  });
});
