// One keeper for every kind of credential the service issues: leased service-account keys (renewed,
// replaced, revoked), access tokens (not renewable: replaced before they end) and static credentials
// (no lease: read again once the service rotated the password). Database credentials: keeper.test.ts.
// The keepers and the fake share a test clock: lives of hours pass in milliseconds.
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccessToken,
  Credential,
  KeeperEvent,
  ServiceAccountKey,
  StaticCredentials,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, clockedClientOf, runUntilSettled } from './support.js';

const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ clock });
  const client = clientOf(fake);
  await client.cloud.config.write({ ttl: '1h', max_ttl: '90m' });
  await client.cloud.rolesets.write('keys', {
    project: 'p',
    secret_type: 'service_account_key',
    bindings: { 'projects/p': ['roles/viewer'] },
  });
  await client.cloud.impersonatedAccounts.write('brief', {
    service_account_email: 'brief@p.iam.gserviceaccount.com',
    ttl: '1h',
  });
  await client.database.connections.write('db', { plugin_name: 'p', url: 'x://db', allowed_roles: ['*'] });
  await client.database.staticRoles.write('app', { db_name: 'db', username: 'app', rotation_period: '24h' });
});
afterAll(() => fake.close());

/**
 * Runs a keeper, moving the clock, until `generations` credentials were handed over; what each looked
 * like at its hand-over.
 */
async function handOvers<T>(
  keeper: AsyncIterable<Credential<T>> & { stop(): Promise<unknown> },
  generations: number,
  atHandOver: (credential: Credential<T>, previous: Credential<T> | undefined) => void,
): Promise<void> {
  const reading = (async () => {
    let previous: Credential<T> | undefined;
    for await (const credential of keeper) {
      atHandOver(credential, previous);
      previous = credential;
      if (credential.generation === generations) break;
    }
  })();
  await runUntilSettled(clock, reading);
  await keeper.stop();
}

describe('kinds of credentials', () => {
  it('service-account keys: renewed to their max TTL, replaced, and the old key revoked after the hand-over', async () => {
    const client = clockedClientOf(fake, clock);
    const events: KeeperEvent[] = [];
    const oldKeyValid: boolean[] = [];
    const keys: Credential<ServiceAccountKey>[] = [];
    const keeper = client.keep(({ signal }) => client.cloud.rolesets.key('keys', undefined, { signal }), {
      clock,
      revokeAfterMs: 60_000,
      onEvent: (event) => events.push(event),
    });
    await handOvers(keeper, 3, (credential, previous) => {
      keys.push(credential);
      if (previous) oldKeyValid.push(fake.cloud().isKeyValid(previous.data.private_key_data));
    });
    expect(keys.map((key) => key.leaseId)).toEqual([
      expect.stringMatching(/^gcp\/roleset\/keys\/key\//),
      expect.stringMatching(/^gcp\/roleset\/keys\/key\//),
      expect.stringMatching(/^gcp\/roleset\/keys\/key\//),
    ]);
    expect(oldKeyValid).toEqual([true, true]);
    expect(events.filter((event) => event.type === 'max-ttl').map((event) => event.generation)).toEqual(
      expect.arrayContaining([1, 2]),
    );
    expect(fake.cloud().isKeyValid(keys[0]?.data.private_key_data ?? '')).toBe(false);
  });

  it('access tokens: not renewable, replaced while the old one still works', async () => {
    const client = clockedClientOf(fake, clock);
    const events: KeeperEvent[] = [];
    const tokens: Credential<AccessToken>[] = [];
    const oldTokenValid: boolean[] = [];
    const keeper = client.keep(() => client.cloud.impersonatedAccounts.token('brief'), {
      clock,
      // A grace longer than a token lives: the replacement still waits for half its life, never loops.
      revokeAfterMs: 2 * 3_600_000,
      onEvent: (event) => events.push(event),
    });
    await handOvers(keeper, 2, (credential, previous) => {
      tokens.push(credential);
      if (previous) oldTokenValid.push(fake.cloud().isTokenValid(previous.data.token));
    });
    expect(tokens[0]).toMatchObject({ leaseId: '', renewable: false });
    expect(tokens[0]?.expiresAt).toBeInstanceOf(Date);
    expect(oldTokenValid).toEqual([true]);
    expect(tokens[1]?.data.token).not.toBe(tokens[0]?.data.token);
    const lifeMs = (tokens[0]?.expiresAt?.getTime() ?? 0) - (tokens[0]?.issuedAt.getTime() ?? 0);
    expect(tokens[1]?.issuedAt.getTime()).toBeGreaterThanOrEqual(
      (tokens[0]?.issuedAt.getTime() ?? 0) + lifeMs / 2,
    );
    // Nothing to renew or revoke: the service has no lease for a token.
    expect(events.some((event) => ['renewed', 'revoked', 'error'].includes(event.type))).toBe(false);
  });

  it('static credentials: no lease, read again after the service rotated the password', async () => {
    const client = clockedClientOf(fake, clock);
    const read: Credential<StaticCredentials>[] = [];
    const keeper = client.keep(() => client.database.staticRoles.readCredentials('app'), { clock });
    await handOvers(keeper, 2, (credential) => read.push(credential));
    const [first, second] = read;
    expect(first).toMatchObject({ leaseId: '', renewable: false, generation: 1 });
    expect(second?.data.password).not.toBe(first?.data.password);
    expect(second?.data.last_service_rotation).not.toBe(first?.data.last_service_rotation);
    // Read after the rotation it waited for, not before.
    expect(second?.issuedAt.getTime()).toBeGreaterThanOrEqual(first?.expiresAt?.getTime() ?? Number.NaN);
    expect((await client.database.staticRoles.readCredentials('app')).password).toBe(second?.data.password);
  });
});
