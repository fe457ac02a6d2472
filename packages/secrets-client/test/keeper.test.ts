// The credential keeper against the fake service, with leases of a few seconds: renewals until the
// maximum life, then a replacement (or the end), revocation after the hand-over, failures retried with
// back-off and reported, and every way of stopping it.
import { inspect } from 'node:util';
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
import { clientOf, until } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
  const client = clientOf(fake);
  await client.database.connections.write('db', { plugin_name: 'p', url: 'x://db', allowed_roles: ['*'] });
  // Renewed once or twice, then capped by its max TTL.
  await client.database.roles.write('short', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: 2,
    max_ttl: 4,
  });
  // The same with more room at the end, for checks made shortly before it.
  await client.database.roles.write('medium', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: 3,
    max_ttl: 6,
  });
  await client.database.roles.write('long', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: '4s',
    max_ttl: '1h',
  });
  await client.database.roles.write('month', { db_name: 'db', creation_statements: ['x'] });
});
afterAll(() => fake.close());

const userExists = (username: string) => {
  fake.leases(); // drops the leases (and users) that expired
  return fake.database().users('db').has(username);
};
const types = (events: readonly KeeperEvent[]) => events.map((event) => event.type);

describe('keeping a lease already held', () => {
  it('renews it until the service grants less than asked, says so, and watches it until shortly before its end', async () => {
    const client = clientOf(fake);
    const { data, meta } = await client.database.roles.generateCredentials('medium').withMeta();
    const events: KeeperEvent[] = [];
    let validAtTheEnd: boolean | undefined;
    const keeper = client.leases.keep(meta, {
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'expiring') validAtTheEnd = userExists(data.username);
      },
    });
    expect(keeper.current).toMatchObject({ generation: 1, leaseId: meta.leaseId, renewable: true });
    const end = await keeper.done;
    expect(end).toMatchObject({ reason: 'expiring', generation: 1 });
    expect(end.renewals).toBeGreaterThanOrEqual(1);
    const kinds = types(events);
    expect(kinds[0]).toBe('issued');
    expect(kinds.slice(-2)).toEqual(['max-ttl', 'expiring']);
    expect(kinds.filter((kind) => kind === 'renewed')).toHaveLength(end.renewals);
    const capped = events.find((event) => event.type === 'max-ttl');
    expect(capped).toMatchObject({ askedSeconds: 3, leaseId: meta.leaseId });
    expect(capped?.type === 'max-ttl' && capped.grantedSeconds).toBeLessThan(3);
    // Still valid when the keeper let go of it, and every renewal reached a live lease.
    expect(validAtTheEnd).toBe(true);
    expect(events.some((event) => event.type === 'error' || event.type === 'retry')).toBe(false);
  });

  it('waits weeks without a timer firing early (a wait longer than one timer is made of several)', async () => {
    const client = clientOf(fake);
    const { meta } = await client.database.roles.generateCredentials('month').withMeta();
    expect(meta.leaseDuration).toBe(2_764_800); // 32 days: 80% of it is past what one timer can wait
    const renewalsBefore = fake.requests.filter((request) => request.path === '/v1/sys/leases/renew').length;
    const keeper = client.leases.keep(meta, { renewWindow: [0.79, 0.8] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests.filter((request) => request.path === '/v1/sys/leases/renew')).toHaveLength(
      renewalsBefore,
    );
    expect((await keeper.stop()).reason).toBe('stopped');
  });

  it('stops with stop(), the signal and await using; revokes the lease on stop when asked', async () => {
    const client = clientOf(fake);
    const issued = await client.database.roles.generateCredentials('long').withMeta();
    const keeper = client.leases.keep(issued.meta, { revokeOnStop: true });
    const end = await keeper.stop();
    expect(end).toMatchObject({ reason: 'stopped', renewals: 0, generation: 1 });
    expect(await keeper.stop()).toBe(end);
    expect(userExists(issued.data.username)).toBe(false);

    const { meta } = await client.database.roles.generateCredentials('long').withMeta();
    const controller = new AbortController();
    const bySignal = client.leases.keep(meta, { signal: controller.signal });
    controller.abort();
    expect((await bySignal.done).reason).toBe('stopped');
    const aborted = new AbortController();
    aborted.abort();
    expect((await client.leases.keep(meta, { signal: aborted.signal }).done).reason).toBe('stopped');
    let disposed: Promise<unknown> | undefined;
    {
      await using kept = client.leases.keep(meta);
      disposed = kept.done;
    }
    expect(await disposed).toMatchObject({ reason: 'stopped' });
    // Without revokeOnStop the lease is left as it is.
    expect(fake.leases().some((lease) => lease.id === meta.leaseId)).toBe(true);
  });

  it('retries a failure that may pass (the service sealed) with back-off, and renews once it is back', async () => {
    const client = clientOf(fake);
    const { meta } = await client.database.roles.generateCredentials('long').withMeta();
    const events: KeeperEvent[] = [];
    fake.seal();
    const keeper = client.leases.keep(meta, {
      backoffMs: 50,
      maxBackoffMs: 100,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'retry') fake.unseal();
      },
    });
    await until(() => events.some((event) => event.type === 'renewed'));
    const renewed = events.find((event) => event.type === 'renewed');
    await keeper.stop();
    fake.unseal();
    const retry = events.find((event) => event.type === 'retry');
    expect(retry).toMatchObject({ step: 'renew', attempt: 1, leaseId: meta.leaseId });
    expect(retry?.type === 'retry' && ServiceUnavailableError.isInstance(retry.error)).toBe(true);
    expect(renewed).toMatchObject({ type: 'renewed', leaseDuration: 4 });
    expect(types(events).indexOf('retry')).toBeLessThan(types(events).indexOf('renewed'));
  });

  it('reports a failure retrying cannot fix (the lease was revoked) and ends with it', async () => {
    const client = clientOf(fake);
    const { meta } = await client.database.roles.generateCredentials('short').withMeta();
    await client.leases.revoke(meta.leaseId);
    const events: KeeperEvent[] = [];
    const end = await client.leases.keep(meta, { onEvent: (event) => events.push(event) }).done;
    expect(end.reason).toBe('error');
    expect(BadRequestError.isInstance(end.error)).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'error', step: 'renew', leaseId: meta.leaseId });
  });

  it('watches a lease that cannot be renewed, and holds one that never ends until stopped', async () => {
    const core = createSecretsCore({ baseUrl: fake.url, token: fake.rootToken, retry: false });
    const events: KeeperEvent[] = [];
    const watched = keepLease(
      core,
      { leaseId: 'x', leaseDuration: 1, renewable: false },
      {
        onEvent: (event) => events.push(event),
      },
    );
    expect((await watched.done).reason).toBe('expiring');
    expect(types(events)).toEqual(['issued', 'expiring']);
    const forever = keepLease(core, { leaseId: '', leaseDuration: 0, renewable: false });
    expect(forever.current?.expiresAt).toBeUndefined();
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
    const client = clientOf(fake);
    const events: KeeperEvent[] = [];
    const seen: { generation: number; oldStillValid: boolean | undefined }[] = [];
    let previous: Credential<Credentials> | undefined;
    const keeper = client.keep(
      ({ signal }) => client.database.roles.generateCredentials('short', { signal }),
      {
        revokeAfterMs: 100,
        revokeOnStop: true,
        onEvent: (event) => events.push(event),
        onCredential: (credential) => {
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
    for await (const credential of keeper) {
      iterated.push(credential.generation);
      if (credential.generation === 3) break;
    }
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
    }
    // Stopped with revokeOnStop: the last one is gone too.
    expect(userExists(keeper.current?.data.username ?? '')).toBe(false);
  });

  it('issues a new credential at once when a renewal fails for good', async () => {
    const client = clientOf(fake);
    const events: KeeperEvent[] = [];
    const keeper = client.keep(() => client.database.roles.generateCredentials('long'), {
      onEvent: (event) => {
        events.push(event);
      },
    });
    const first = await keeper.ready;
    await client.leases.revoke(first.leaseId);
    for await (const credential of keeper) if (credential.generation === 2) break;
    await keeper.stop();
    const failure = events.find((event) => event.type === 'error');
    expect(failure).toMatchObject({ step: 'renew', generation: 1 });
    expect(events.findIndex((event) => event.type === 'issued' && event.generation === 2)).toBeGreaterThan(
      events.indexOf(failure as KeeperEvent),
    );
  });

  it('ends with the error when the first credential cannot be issued, and ready rejects with it', async () => {
    const client = clientOf(fake);
    const keeper = client.keep(() => client.database.roles.generateCredentials('no-such-role'));
    const end = await keeper.done;
    expect(end).toMatchObject({ reason: 'error', generation: 0 });
    await expect(keeper.ready).rejects.toBe(end.error);
    const iterator = keeper[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('does not revoke a credential whose replacement the caller failed to take, and reports the failure', async () => {
    const client = clientOf(fake);
    const events: KeeperEvent[] = [];
    const keeper = keepCredentials(client.core, () => client.database.roles.generateCredentials('short'), {
      revokeAfterMs: 0,
      onEvent: (event) => events.push(event),
      onCredential: (credential) => {
        if (credential.generation === 2) throw new Error('the pool refused the new credentials');
      },
    });
    for await (const credential of keeper) if (credential.generation === 3) break;
    await keeper.stop();
    expect(events.find((event) => event.type === 'error')).toMatchObject({ step: 'deliver', generation: 2 });
    expect(events.some((event) => event.type === 'revoked' && event.generation === 1)).toBe(false);
  });
});
