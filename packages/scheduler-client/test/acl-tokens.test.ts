// ACL tokens over HTTP against the fake: the caller's own token, tokens made from the fake's named
// policies and used at once, the paged list, reads by accessor id, deletion, expiry on the test clock,
// the rules checked before sending, and a fake with ACLs off.
import { createTestClock } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  createAclToken,
  NotFoundError,
  PermissionDeniedError,
  readOwnAclToken,
} from '../src/index.js';
import type { FakeSchedulerOptions } from '../src/testing/index.js';
import { clientOf, clockFetch, fakeScheduler, scheduler, serviceJob, validationError } from './support.js';

const acl: FakeSchedulerOptions['acl'] = {
  tokens: { root: 'management', watcher: { node: 'read' } },
  policies: {
    deployer: { namespaces: { default: ['list-jobs', 'read-job', 'submit-job'] } },
    reader: { namespaces: { default: ['read-job'] }, node: 'read' },
  },
};

const denied = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy((error: unknown) => PermissionDeniedError.isInstance(error));

describe('ACL tokens', () => {
  it('creates tokens from policies, which work at once; reads, lists and deletes them', async () => {
    const fake = await fakeScheduler({ acl });
    const root = clientOf(fake, { token: 'root' });
    const me = await root.aclTokens.self();
    expect(me).toMatchObject({ Type: 'management', SecretID: 'root', Policies: null });
    const ci = await root.aclTokens.create({ Name: 'ci', Type: 'client', Policies: ['deployer', 'reader'] });
    expect(ci).toMatchObject({ Name: 'ci', Type: 'client', Policies: ['deployer', 'reader'], Global: false });
    expect(ci.SecretID).toMatch(/^[0-9a-f-]{36}$/);
    const asCi = clientOf(fake, { token: ci.SecretID ?? '' });
    // The union of its policies: jobs from `deployer`, node reads from `reader`.
    await asCi.jobs.create({ Job: serviceJob('web', 1) });
    expect(await asCi.nodes.list()).toHaveLength(2);
    await denied(asCi.nodes.drain(fake.nodes()[0]?.ID ?? '', { DrainSpec: { Deadline: '1h' } }));
    expect((await asCi.aclTokens.self()).AccessorID).toBe(ci.AccessorID);
    // A token reads itself; only a management token reads others or lists them.
    expect((await asCi.aclTokens.read(ci.AccessorID)).Name).toBe('ci');
    await denied(asCi.aclTokens.read(me.AccessorID));
    await denied(asCi.aclTokens.list());

    const second = await createAclToken(root.core, { Name: 'admin', Type: 'management', Global: true });
    const listed = await root.aclTokens.list();
    expect(listed.map((token) => token.Name)).toEqual(['', '', 'ci', 'admin']);
    expect(listed[0]).not.toHaveProperty('SecretID');
    expect((await root.aclTokens.list({ reverse: true }))[0]?.Name).toBe('admin');
    expect((await root.aclTokens.list({ global: true })).map((token) => token.Name)).toEqual(['admin']);
    expect((await root.aclTokens.list({ filter: 'Type == "client"' })).map((token) => token.Name)).toEqual([
      '',
      'ci',
    ]);
    const prefix = ci.AccessorID.slice(0, 4);
    expect((await root.aclTokens.list({ prefix })).map((token) => token.AccessorID)).toContain(ci.AccessorID);
    const sizes: number[] = [];
    for await (const page of root.aclTokens.iterate({ per_page: 3 }).pages()) sizes.push(page.items.length);
    expect(sizes).toEqual([3, 1]);

    await root.aclTokens.delete(ci.AccessorID);
    await expect(asCi.jobs.list()).rejects.toThrow(/ACL token not found/);
    await expect(root.aclTokens.read(ci.AccessorID)).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
    await expect(root.aclTokens.delete(ci.AccessorID)).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
    await denied(clientOf(fake, { token: 'watcher' }).aclTokens.create({ Type: 'management' }));
    await expect(root.aclTokens.create({ Type: 'client', Policies: ['no-such-policy'] })).rejects.toSatisfy(
      (error: unknown) => BadRequestError.isInstance(error),
    );
    await denied(clientOf(fake).aclTokens.self());
    expect((await readOwnAclToken(clientOf(fake, { token: second.SecretID ?? '' }).core)).Name).toBe('admin');
  });

  it('lets a token expire on the fake’s clock, and watches the list', async () => {
    const clock = createTestClock();
    const fake = await fakeScheduler({ acl, clock, gzip: false });
    const root = clientOf(fake, { token: 'root', fetch: clockFetch(clock, fake) });
    const short = await root.aclTokens.create({ Type: 'client', Policies: ['reader'], ExpirationTTL: '1h' });
    expect(Date.parse(short.ExpirationTime ?? '') - Date.parse(short.CreateTime ?? '')).toBe(3_600_000);
    const asShort = clientOf(fake, { token: short.SecretID ?? '', fetch: clockFetch(clock, fake) });
    await clock.advance(3_599_999);
    expect((await asShort.aclTokens.self()).AccessorID).toBe(short.AccessorID);
    await clock.advance(1);
    await expect(asShort.aclTokens.self()).rejects.toThrow(/ACL token not found/);
    const at = new Date(clock.now() + 60_000).toISOString();
    const dated = await root.aclTokens.create({ Type: 'management', ExpirationTime: at });
    expect(dated.ExpirationTime).toBe(at);
    const counts: number[] = [];
    for await (const { data } of root.aclTokens.watchList({ clock })) {
      counts.push(data.length);
      if (counts.length === 1) await root.aclTokens.create({ Type: 'management', Name: 'late' });
      else break;
    }
    expect(counts).toEqual([3, 4]);
  });

  it('refuses what the scheduler would refuse before sending, and says when ACLs are off', async () => {
    const { client, fake } = await scheduler();
    const before = fake.requests.length;
    const refused: Promise<unknown>[] = [
      client.aclTokens.create({ Type: 'root' as 'client' }),
      client.aclTokens.create({ Type: 'client' }),
      client.aclTokens.create({ Type: 'client', Policies: [] }),
      client.aclTokens.create({ Type: 'management', Policies: ['x'] }),
      client.aclTokens.create({
        Type: 'client',
        Policies: ['x'],
        ExpirationTTL: '1h',
        ExpirationTime: '2030-01-01T00:00:00Z',
      }),
      client.aclTokens.create({ Type: 'client', Policies: ['x'], ExpirationTime: 'tomorrow' }),
      client.aclTokens.create({ Type: 'client', Policies: ['x'], ExpirationTTL: 'soon' }),
      client.aclTokens.create({ Type: 'client', Policies: ['x'], SecretID: 'mine' } as never),
      client.aclTokens.read('b780e702'),
      client.aclTokens.delete('self'),
      client.aclTokens.list({ prefix: 'abc' }),
    ];
    for (const call of refused) await validationError(call);
    expect(fake.requests.length).toBe(before);
    await expect(client.aclTokens.self()).rejects.toSatisfy(
      (error: unknown) => BadRequestError.isInstance(error) && /ACL support disabled/.test(String(error)),
    );
  });
});
