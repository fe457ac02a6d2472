// The credential keeper against the fake service, both on one test clock: renewals until the maximum
// life, then a replacement (or the end), revocation after the hand-over, failures retried with back-off
// and reported, and every way of stopping it. Leases of hours are kept in milliseconds of real time.
import { inspect } from 'node:util';
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type Credential,
  type Credentials,
  createSecretsCore,
  type KeeperEvent,
  keepCredentials,
  keepLease,
  ServiceUnavailableError,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, clockedClientOf, runUntilSettled } from './support.js';

const HOUR_MS = 3_600_000;
const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ clock });
  const client = clientOf(fake);
  await client.database.connections.write('db', { plugin_name: 'p', url: 'x://db', allowed_roles: ['*'] });
  // Renewed until its max TTL caps a renewal, then replaced or let go of.
  await client.database.roles.write('short', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: '1h',
    max_ttl: '2h',
  });
  // The same with more room at the end, for checks made shortly before it.
  await client.database.roles.write('medium', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: '1h',
    max_ttl: '3h',
  });
  await client.database.roles.write('long', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: '1h',
    max_ttl: '720h',
  });
  await client.database.roles.write('month', { db_name: 'db', creation_statements: ['x'] });
});
afterAll(() => fake.close());

const userExists = (username: string) => {
  fake.leases(); // drops the leases (and users) that expired
  return fake.database().users('db').has(username);
};
const types = (events: readonly KeeperEvent[]) => events.map((event) => event.type);
const renewalsOf = (leaseId: string) => fake.leases().find((lease) => lease.id === leaseId)?.renewedAt ?? [];

describe('keeping a lease already held', () => {
  it('renews it until the service grants less than asked, says so, and watches it until shortly before its end', async () => {
    const client = clockedClientOf(fake, clock);
    const { data, meta } = await client.database.roles.generateCredentials('medium').withMeta();
    const events: KeeperEvent[] = [];
    let validAtTheEnd: boolean | undefined;
    let endedAt = 0;
    const keeper = client.leases.keep(meta, {
      clock,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'expiring') {
          validAtTheEnd = userExists(data.username);
          endedAt = clock.now();
        }
      },
    });
    expect(keeper.current).toMatchObject({ generation: 1, leaseId: meta.leaseId, renewable: true });
    const end = await runUntilSettled(clock, keeper.done);
    expect(end).toMatchObject({ reason: 'expiring', generation: 1 });
    expect(end.renewals).toBeGreaterThanOrEqual(2);
    const kinds = types(events);
    expect(kinds[0]).toBe('issued');
    expect(kinds.slice(-2)).toEqual(['max-ttl', 'expiring']);
    expect(kinds.filter((kind) => kind === 'renewed')).toHaveLength(end.renewals);
    const capped = events.find((event) => event.type === 'max-ttl');
    expect(capped).toMatchObject({ askedSeconds: 3600, leaseId: meta.leaseId });
    expect(capped?.type === 'max-ttl' && capped.grantedSeconds).toBeLessThan(3600);
    // Still valid when the keeper let go of it, and every renewal reached a live lease.
    expect(validAtTheEnd).toBe(true);
    expect(events.some((event) => event.type === 'error' || event.type === 'retry')).toBe(false);
    // Let go of between 80% and 90% of what was left after the last renewal: before the end.
    expect(endedAt).toBeLessThan(end.expiresAt?.getTime() ?? 0);
  });

  it('waits weeks without waking early, on its own clock and on the system clock (a wait longer than one timer is made of several)', async () => {
    const client = clockedClientOf(fake, clock);
    const { meta } = await client.database.roles.generateCredentials('month').withMeta();
    expect(meta.leaseDuration).toBe(2_764_800); // 32 days: 80% of it is past what one timer can wait
    const issuedAt = clock.now();
    const keeper = client.leases.keep(meta, { clock, renewWindow: [0.79, 0.8] });
    await clock.runUntil(() => clock.pending > 0);
    const lifeMs = meta.leaseDuration * 1000;
    expect(clock.nextDue).toBeGreaterThanOrEqual(issuedAt + 0.79 * lifeMs);
    await clock.advance(0.79 * lifeMs - 1);
    expect(renewalsOf(meta.leaseId)).toEqual([]);
    await clock.runUntil(() => renewalsOf(meta.leaseId).length === 1);
    expect(renewalsOf(meta.leaseId)[0]).toBeGreaterThanOrEqual(issuedAt + 0.79 * lifeMs);
    expect((await keeper.stop()).reason).toBe('stopped');

    // The default clock: the runtime's timers, which fire at once when set for more than 24.8 days.
    const renewed = fake.requests.filter((request) => request.path === '/v1/sys/leases/renew').length;
    const onTimers = clientOf(fake).leases.keep(meta, { renewWindow: [0.79, 0.8] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests.filter((request) => request.path === '/v1/sys/leases/renew')).toHaveLength(renewed);
    expect((await onTimers.stop()).reason).toBe('stopped');
  });

  it('stops with stop(), the signal and await using; revokes the lease on stop when asked', async () => {
    const client = clientOf(fake);
    const issued = await client.database.roles.generateCredentials('long').withMeta();
    const keeper = client.leases.keep(issued.meta, { clock, revokeOnStop: true });
    const end = await keeper.stop();
    expect(end).toMatchObject({ reason: 'stopped', renewals: 0, generation: 1 });
    expect(await keeper.stop()).toBe(end);
    expect(userExists(issued.data.username)).toBe(false);

    const { meta } = await client.database.roles.generateCredentials('long').withMeta();
    const controller = new AbortController();
    const bySignal = client.leases.keep(meta, { clock, signal: controller.signal });
    controller.abort();
    expect((await bySignal.done).reason).toBe('stopped');
    const aborted = new AbortController();
    aborted.abort();
    expect((await client.leases.keep(meta, { clock, signal: aborted.signal }).done).reason).toBe('stopped');
    let disposed: Promise<unknown> | undefined;
    {
      await using kept = client.leases.keep(meta, { clock });
      disposed = kept.done;
    }
    expect(await disposed).toMatchObject({ reason: 'stopped' });
    // Without revokeOnStop the lease is left as it is.
    expect(fake.leases().some((lease) => lease.id === meta.leaseId)).toBe(true);
    // A stopped keeper leaves nothing waiting on the clock.
    expect(clock.pending).toBe(0);
  });

  it('retries a failure that may pass (the service sealed) with back-off on its clock, and renews once it is back', async () => {
    const client = clockedClientOf(fake, clock);
    const { meta } = await client.database.roles.generateCredentials('long').withMeta();
    const events: KeeperEvent[] = [];
    let retriedAt = 0;
    fake.seal();
    const keeper = client.leases.keep(meta, {
      clock,
      backoffMs: 50_000,
      maxBackoffMs: 100_000,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'retry') {
          retriedAt = clock.now();
          fake.unseal();
        }
      },
    });
    await clock.runUntil(() => events.some((event) => event.type === 'renewed'));
    const renewed = events.find((event) => event.type === 'renewed');
    await keeper.stop();
    fake.unseal();
    const retry = events.find((event) => event.type === 'retry');
    expect(retry).toMatchObject({ step: 'renew', attempt: 1, leaseId: meta.leaseId });
    expect(retry?.type === 'retry' && ServiceUnavailableError.isInstance(retry.error)).toBe(true);
    expect(renewed).toMatchObject({ type: 'renewed', leaseDuration: 3600 });
    expect(types(events).indexOf('retry')).toBeLessThan(types(events).indexOf('renewed'));
    // The service heard the renewal again only once the pause had passed.
    const delayMs = retry?.type === 'retry' ? retry.delayMs : Number.NaN;
    expect(delayMs).toBeGreaterThanOrEqual(25_000);
    expect(renewalsOf(meta.leaseId)[0]).toBeGreaterThanOrEqual(retriedAt + delayMs);
  });

  it('reports a failure retrying cannot fix (the lease was revoked) and ends with it', async () => {
    const client = clockedClientOf(fake, clock);
    const { meta } = await client.database.roles.generateCredentials('short').withMeta();
    await client.leases.revoke(meta.leaseId);
    const events: KeeperEvent[] = [];
    const keeper = client.leases.keep(meta, { clock, onEvent: (event) => events.push(event) });
    const end = await runUntilSettled(clock, keeper.done);
    expect(end.reason).toBe('error');
    expect(BadRequestError.isInstance(end.error)).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'error', step: 'renew', leaseId: meta.leaseId });
  });

  it('watches a lease that cannot be renewed, and holds one that never ends until stopped', async () => {
    const core = createSecretsCore({
      baseUrl: fake.url,
      token: fake.rootToken,
      retry: false,
      fetch: clock.fetch(),
    });
    const events: KeeperEvent[] = [];
    const issuedAt = clock.now();
    const watched = keepLease(
      core,
      { leaseId: 'x', leaseDuration: 3600, renewable: false },
      { clock, onEvent: (event) => events.push(event) },
    );
    expect((await runUntilSettled(clock, watched.done)).reason).toBe('expiring');
    expect(types(events)).toEqual(['issued', 'expiring']);
    // Between 80% and 90% of its life.
    expect(clock.now() - issuedAt).toBeGreaterThanOrEqual(0.8 * HOUR_MS);
    expect(clock.now() - issuedAt).toBeLessThanOrEqual(0.9 * HOUR_MS);
    const forever = keepLease(core, { leaseId: '', leaseDuration: 0, renewable: false }, { clock });
    expect(forever.current?.expiresAt).toBeUndefined();
    // Nothing to wait for: it holds the lease without a timer.
    expect(clock.pending).toBe(0);
    expect((await forever.stop()).reason).toBe('stopped');
  });

  it('refuses a renewal window outside the lease', () => {
    const client = clientOf(fake);
    const lease = { leaseId: 'x', leaseDuration: 10, renewable: true };
    for (const renewWindow of [
      [0, 0.5],
      [0.5, 1],
      [0.8, 0.5],
    ] as const) {
      expect(() => client.leases.keep(lease, { renewWindow })).toThrow(RangeError);
    }
    expect(() =>
      client.keep(() => client.database.roles.generateCredentials('short'), { revokeAfterMs: -1 }),
    ).toThrow(RangeError);
  });

  it('refuses a back-off it could never wait, at the start, and sends nothing', () => {
    const client = clientOf(fake);
    const lease = { leaseId: 'x', leaseDuration: 10, renewable: true };
    let issued = 0;
    const issue = () => {
      issued += 1;
      return client.database.roles.generateCredentials('short');
    };
    expect(() => client.leases.keep(lease, { backoffMs: -5 })).toThrow(RangeError);
    expect(() => client.leases.keep(lease, { maxBackoffMs: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => client.keep(issue, { backoffMs: Number.NaN })).toThrow(RangeError);
    expect(() => client.token.keep({ maxBackoffMs: Number.NaN })).toThrow(RangeError);
    expect(issued).toBe(0);
  });
});

describe('keeping credentials: issued, renewed, replaced', () => {
  it('issues them, hands each new one over before revoking the old one after the grace period, and stops', async () => {
    const client = clockedClientOf(fake, clock);
    const graceMs = 60_000;
    const events: KeeperEvent[] = [];
    const seen: { generation: number; oldStillValid: boolean | undefined }[] = [];
    const handedOverAt = new Map<number, number>();
    const revokedAt = new Map<number, number>();
    let previous: Credential<Credentials> | undefined;
    const keeper = client.keep(
      ({ signal }) => client.database.roles.generateCredentials('short', { signal }),
      {
        clock,
        revokeAfterMs: graceMs,
        revokeOnStop: true,
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'revoked') revokedAt.set(event.generation, clock.now());
        },
        onCredential: (credential) => {
          handedOverAt.set(credential.generation, clock.now());
          seen.push({
            generation: credential.generation,
            oldStillValid: previous === undefined ? undefined : userExists(previous.data.username),
          });
          previous = credential;
        },
      },
    );
    const first = await keeper.ready;
    expect(first).toMatchObject({ generation: 1, renewable: true });
    // Neither a log of the keeper nor its JSON shows the credentials it holds.
    expect(inspect(keeper, { depth: 5 })).not.toContain(first.data.password);
    expect(JSON.stringify(keeper)).not.toContain(first.data.password);
    expect(keeper.toJSON()).toMatchObject({ generation: 1, leaseId: first.leaseId });
    expect(first.leaseId).toMatch(/^database\/creds\/short\//);
    const iterated: number[] = [];
    const reading = (async () => {
      for await (const credential of keeper) {
        iterated.push(credential.generation);
        if (credential.generation === 3) break;
      }
    })();
    await runUntilSettled(clock, reading);
    // The revocation of the second waits for its grace period to pass on the clock.
    await clock.runUntil(() => revokedAt.has(2));
    expect(iterated).toEqual([1, 2, 3]);
    const end = await keeper.stop();
    expect(end).toMatchObject({ reason: 'stopped', generation: 3 });
    expect(seen.map((item) => item.generation)).toEqual([1, 2, 3]);
    // Each replacement reached the caller while the credential it replaced still worked.
    expect(seen.slice(1).every((item) => item.oldStillValid === true)).toBe(true);
    for (const generation of [1, 2]) {
      const handedOver = types(events).indexOf('issued', types(events).indexOf('issued') + generation - 1);
      const revoked = events.findIndex(
        (event) => event.type === 'revoked' && event.generation === generation,
      );
      expect(revoked).toBeGreaterThan(handedOver);
      // Revoked once the grace period after the hand-over of its replacement had passed.
      expect(revokedAt.get(generation)).toBeGreaterThanOrEqual(
        (handedOverAt.get(generation + 1) ?? Number.NaN) + graceMs,
      );
    }
    // Stopped with revokeOnStop: the last one is gone too.
    expect(userExists(keeper.current?.data.username ?? '')).toBe(false);
  });

  it('issues a new credential at once when a renewal fails for good', async () => {
    const client = clockedClientOf(fake, clock);
    const events: KeeperEvent[] = [];
    const keeper = client.keep(() => client.database.roles.generateCredentials('long'), {
      clock,
      onEvent: (event) => {
        events.push(event);
      },
    });
    const first = await keeper.ready;
    await client.leases.revoke(first.leaseId);
    const reading = (async () => {
      for await (const credential of keeper) if (credential.generation === 2) return clock.now();
      return Number.NaN;
    })();
    const replacedAt = await runUntilSettled(clock, reading);
    await keeper.stop();
    const failure = events.find((event) => event.type === 'error');
    expect(failure).toMatchObject({ step: 'renew', generation: 1 });
    expect(events.findIndex((event) => event.type === 'issued' && event.generation === 2)).toBeGreaterThan(
      events.indexOf(failure as KeeperEvent),
    );
    // At once: at the moment of the failed renewal, long before the first one would have ended.
    expect(replacedAt).toBeLessThan((first.expiresAt?.getTime() ?? 0) - 0.1 * HOUR_MS);
  });

  it('ends with the error when the first credential cannot be issued, and ready rejects with it', async () => {
    const client = clientOf(fake);
    const keeper = client.keep(() => client.database.roles.generateCredentials('no-such-role'), { clock });
    const end = await keeper.done;
    expect(end).toMatchObject({ reason: 'error', generation: 0 });
    await expect(keeper.ready).rejects.toBe(end.error);
    const iterator = keeper[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('does not revoke a credential whose replacement the caller failed to take, and reports the failure', async () => {
    const client = clockedClientOf(fake, clock);
    const events: KeeperEvent[] = [];
    const keeper = keepCredentials(client.core, () => client.database.roles.generateCredentials('short'), {
      clock,
      revokeAfterMs: 0,
      onEvent: (event) => events.push(event),
      onCredential: (credential) => {
        if (credential.generation === 2) throw new Error('the pool refused the new credentials');
      },
    });
    const reading = (async () => {
      for await (const credential of keeper) if (credential.generation === 3) break;
    })();
    await runUntilSettled(clock, reading);
    await keeper.stop();
    expect(events.find((event) => event.type === 'error')).toMatchObject({ step: 'deliver', generation: 2 });
    expect(events.some((event) => event.type === 'revoked' && event.generation === 1)).toBe(false);
  });
});
