// What the keeper promises, measured against the fake service over HTTP, both on one test clock: a
// fleet started together renews spread out, never after a lease ended; and credentials kept across many
// maximum lifetimes are never used after they expired, each replacement reaching the caller before the
// credential it replaces is revoked. The service's own records (when each renewal arrived, which leases
// are live) are the measure, not the keeper's word.
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Credential, type Credentials, type KeeperEvent, keepLease } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, clockedClientOf } from './support.js';

const TTL_SECONDS = 3600;
const FLEET = 100;

const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ clock });
  const client = clientOf(fake);
  await client.database.connections.write('db', { plugin_name: 'p', url: 'x://db', allowed_roles: ['*'] });
  await client.database.roles.write('fleet', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: TTL_SECONDS,
    max_ttl: '720h',
  });
  // One renewal, then the maximum life: every credential must be replaced within 90 minutes.
  await client.database.roles.write('app', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: '1h',
    max_ttl: '90m',
  });
});
afterAll(() => fake.close());

describe('a fleet started together', () => {
  it(`${FLEET} keepers on leases with the same TTL renew spread over at least 10% of the renewal window, none after its lease ended`, async () => {
    const client = clockedClientOf(fake, clock);
    // Their life counted from before they were asked for: never later than the service's count.
    const issuedAt = new Date(clock.now());
    const issued = await Promise.all(
      Array.from({ length: FLEET }, () => client.database.roles.generateCredentials('fleet').withMeta()),
    );
    const errors: KeeperEvent[] = [];
    const startedAt = clock.now();
    const keepers = issued.map(({ meta }) =>
      keepLease(client.core, meta, {
        clock,
        issuedAt,
        onEvent: (event) => {
          if (event.type === 'error' || event.type === 'retry') errors.push(event);
        },
      }),
    );
    await clock.runUntil(() => keepers.every((keeper) => (keeper.current?.renewals ?? 0) >= 1), {
      maxSteps: 10 * FLEET,
    });
    await Promise.all(keepers.map((keeper) => keeper.stop()));

    expect(errors).toEqual([]);
    const leases = new Map(fake.leases().map((lease) => [lease.id, lease]));
    const firstRenewals = issued.map(({ meta }) => {
      const lease = leases.get(meta.leaseId);
      const renewedAt = lease?.renewedAt[0];
      if (lease === undefined || renewedAt === undefined) throw new Error(`${meta.leaseId} was not renewed`);
      // The service refuses to renew an ended lease; its record says each renewal came while it lived.
      expect(renewedAt).toBeLessThan(lease.issuedAt + TTL_SECONDS * 1000);
      expect(renewedAt).toBeGreaterThanOrEqual(startedAt);
      return renewedAt;
    });
    const spreadMs = Math.max(...firstRenewals) - Math.min(...firstRenewals);
    // The renewal window: the life of the lease, within which a renewal must come.
    expect(spreadMs).toBeGreaterThanOrEqual(0.1 * TTL_SECONDS * 1000);
  });
});

describe('credentials kept for many maximum lifetimes', () => {
  it('are never used after they expired, and each new one reaches the caller before the old one is revoked', async () => {
    const client = clockedClientOf(fake, clock);
    const LIFETIMES = 10;
    const graceMs = 60_000;
    const order: string[] = [];
    const handedOverAt = new Map<number, number>();
    const revokedAt = new Map<number, number>();
    const oldValidAtHandover: boolean[] = [];
    let previous: Credential<Credentials> | undefined;
    const leaseOf = (credential: Credential<Credentials>) =>
      fake.leases().find((candidate) => candidate.id === credential.leaseId);
    const live = (credential: Credential<Credentials>) =>
      leaseOf(credential) !== undefined && fake.database().users('db').has(credential.data.username);
    const keeper = client.keep(({ signal }) => client.database.roles.generateCredentials('app', { signal }), {
      clock,
      revokeAfterMs: graceMs,
      revokeOnStop: true,
      onEvent: (event) => {
        if (event.type === 'revoked') {
          order.push(`revoked ${event.generation}`);
          revokedAt.set(event.generation, clock.now());
        }
        if (event.type === 'max-ttl') order.push(`max-ttl ${event.generation}`);
      },
      onCredential: (credential) => {
        order.push(`handed over ${credential.generation}`);
        handedOverAt.set(credential.generation, clock.now());
        if (previous !== undefined) oldValidAtHandover.push(live(previous));
        previous = credential;
      },
    });
    // The caller: uses whatever the keeper says is current at every moment the clock stops at (nothing
    // happens between two of them), until ten credentials reached their maximum life and were replaced.
    let uses = 0;
    const misuses: string[] = [];
    await keeper.ready;
    await clock.runUntil(
      () => {
        const credential = keeper.current as Credential<Credentials>;
        // Expired is the service's word: its lease is gone, and the database user with it. It must also
        // outlive the next moment the keeper can act, so using it until then is safe.
        const lease = leaseOf(credential);
        if (!live(credential) || (lease?.expiresAt ?? 0) <= (clock.nextDue ?? clock.now())) {
          misuses.push(`generation ${credential.generation} used after its lease ended (at ${clock.now()})`);
        }
        uses += 1;
        return credential.generation > LIFETIMES;
      },
      { maxSteps: 100 * LIFETIMES },
    );
    const stoppedAt = clock.now();
    const end = await keeper.stop();

    expect(misuses.join('; ')).toBe('');
    expect(uses).toBeGreaterThan(LIFETIMES);
    expect(end).toMatchObject({ reason: 'stopped' });
    expect(end.generation).toBeGreaterThan(LIFETIMES);
    // Every credential before the last reached its maximum life (renewals stopped) and was replaced.
    for (let generation = 1; generation <= LIFETIMES; generation += 1) {
      expect(order).toContain(`max-ttl ${generation}`);
      const revoked = order.indexOf(`revoked ${generation}`);
      if (revoked !== -1) {
        expect(revoked).toBeGreaterThan(order.indexOf(`handed over ${generation + 1}`));
        // After the grace period, unless the stop cut it short.
        const at = revokedAt.get(generation) ?? Number.NaN;
        if (at !== stoppedAt) {
          expect(at).toBeGreaterThanOrEqual((handedOverAt.get(generation + 1) ?? Number.NaN) + graceMs);
        }
      }
    }
    expect(oldValidAtHandover.length).toBeGreaterThanOrEqual(LIFETIMES);
    expect(oldValidAtHandover.every(Boolean)).toBe(true);
    // The replaced ones were revoked after the hand-over (or had run out by then), and nothing is left.
    expect(order.filter((item) => item.startsWith('revoked')).length).toBeGreaterThan(0);
    const username = keeper.current?.data.username ?? '';
    expect(fake.database().users('db').has(username)).toBe(false);
  });
});
