// Variables over HTTP against the fake: writes with and without check-and-set, reads, deletes, the
// paged and filtered list, a blocking watch on the test clock, the rules checked before sending, and
// what a token's variable capabilities allow.
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  deleteVariable,
  listVariables,
  MAX_VARIABLE_ITEMS_BYTES,
  NotFoundError,
  PermissionDeniedError,
  readVariable,
  UnixNanos,
  writeVariable,
} from '../src/index.js';
import { clientOf, clocked, fakeScheduler, runUntilSettled, scheduler, validationError } from './support.js';

function conflict(promise: Promise<unknown>) {
  return expect(promise).rejects.toSatisfy((error: unknown) => ConflictError.isInstance(error));
}

describe('variables', () => {
  it('writes, reads and deletes with check-and-set, each write at a new modify index', async () => {
    const { client } = await scheduler();
    const created = await client.variables.write('team/db', { Items: { user: 'app' } }, { cas: 0 });
    expect(created).toMatchObject({ Path: 'team/db', Namespace: 'default', Items: { user: 'app' } });
    expect(created.CreateTime).toBeInstanceOf(UnixNanos);
    // cas 0 creates only: the variable exists now.
    await conflict(client.variables.write('team/db', { Items: { user: 'other' } }, { cas: 0 }));
    const index = created.ModifyIndex ?? 0;
    const updated = await client.variables.write(
      'team/db',
      { Items: { user: 'app', password: 'hunter2' } },
      { cas: index },
    );
    expect(updated.ModifyIndex).toBeGreaterThan(index);
    expect(updated.CreateIndex).toBe(created.CreateIndex);
    // The old index has moved on: a second writer with it loses.
    await conflict(client.variables.write('team/db', { Items: { user: 'late' } }, { cas: index }));
    const read = await client.variables.read('team/db');
    expect(read.Items).toEqual({ user: 'app', password: 'hunter2' });
    // Without cas, last write wins.
    await client.variables.write('team/db', { Items: { user: 'final' } });
    await conflict(client.variables.delete('team/db', { cas: updated.ModifyIndex ?? 0 }));
    const current = await client.variables.read('team/db');
    expect(await client.variables.delete('team/db', { cas: current.ModifyIndex ?? 0 })).toMatchObject({
      Index: expect.any(Number),
    });
    await expect(client.variables.read('team/db')).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
  });

  it('lists by prefix, page by page, filtered, reversed and across namespaces, without items', async () => {
    const { client } = await scheduler();
    for (const path of ['team/b', 'team/a', 'team/c', 'other/x', 'top']) {
      await client.variables.write(path, { Items: { name: path } });
    }
    await client.variables.write('team/a', { Items: { name: 'ops' } }, { namespace: 'ops' });
    const listed = await client.variables.list({ prefix: 'team/' });
    expect(listed.map((variable) => variable.Path)).toEqual(['team/a', 'team/b', 'team/c']);
    expect(listed[0]).not.toHaveProperty('Items');
    const first = await client.variables.list({ prefix: 'team/', per_page: 2 }).withMeta();
    expect(first.data.map((variable) => variable.Path)).toEqual(['team/a', 'team/b']);
    expect(first.meta.nextToken).toBe('team/c');
    const all = await client.variables.iterate({ per_page: 1 }).toArray();
    expect(all.map((variable) => variable.Path)).toEqual(['other/x', 'team/a', 'team/b', 'team/c', 'top']);
    const reversed = await client.variables.list({ prefix: 'team/', reverse: true });
    expect(reversed.map((variable) => variable.Path)).toEqual(['team/c', 'team/b', 'team/a']);
    const filtered = await client.variables.list({ filter: 'Path matches "b$"' });
    expect(filtered.map((variable) => variable.Path)).toEqual(['team/b']);
    const everywhere = await client.variables.list({ namespace: '*', prefix: 'team/a' });
    expect(everywhere.map((variable) => `${variable.Namespace} ${variable.Path}`)).toEqual([
      'default team/a',
      'ops team/a',
    ]);
    // The standalone functions send the same.
    expect((await listVariables(client.core, { prefix: 'other/' })).map((item) => item.Path)).toEqual([
      'other/x',
    ]);
  });

  it('answers blocking reads on a change or at the wait, on the test clock, and watches a variable', async () => {
    const { client, clock } = await clocked();
    await client.variables.write('team/db', { Items: { user: 'app' } });
    const { meta } = await client.variables.read('team/db').withMeta();
    const waiting = client.variables.read('team/db', { index: meta.index ?? 0, wait: '5m' }).withMeta();
    await client.variables.write('team/db', { Items: { user: 'changed' } });
    const answered = await runUntilSettled(clock, waiting);
    expect(answered.data.Items).toEqual({ user: 'changed' });
    expect(answered.meta.index).toBeGreaterThan(meta.index ?? 0);
    // Nothing changes: the list's blocking read answers at its wait, as the clock says.
    const started = clock.now();
    const idle = await runUntilSettled(
      clock,
      client.variables.list({ index: answered.meta.index ?? 0, wait: '30s' }).withMeta(),
    );
    expect(idle.meta.index).toBe(answered.meta.index);
    expect(clock.now() - started).toBeGreaterThanOrEqual(30_000);
    const seen: string[] = [];
    for await (const { data } of client.variables.watch('team/db', { clock })) {
      seen.push(data.Items?.user ?? '');
      if (seen.length === 1) await client.variables.write('team/db', { Items: { user: 'again' } });
      else break;
    }
    expect(seen).toEqual(['changed', 'again']);
    const lists: number[] = [];
    for await (const { data } of client.variables.watchList({ clock })) {
      lists.push(data.length);
      if (lists.length === 1) await client.variables.write('team/cache', { Items: { size: '1g' } });
      else break;
    }
    expect(lists).toEqual([1, 2]);
  });

  it('refuses what the scheduler would refuse, before sending', async () => {
    const { client, fake } = await scheduler();
    const before = fake.requests.length;
    const refused: [string, Promise<unknown>][] = [
      ['variable path', client.variables.read('team/../admin')],
      ['variable path', client.variables.read('/team/db')],
      ['variable path', client.variables.read('team//db')],
      ['variable path', client.variables.read('team/db/')],
      ['variable path', client.variables.read('x'.repeat(129))],
      ['variable path', client.variables.read('team db')],
      ['variable path', client.variables.write('nomad/secrets', { Items: { a: 'b' } })],
      ['variable path', client.variables.delete('')],
      ['variable write', client.variables.write('team/db', { Items: {} })],
      [
        'variable write',
        client.variables.write('team/db', { Items: { big: 'x'.repeat(MAX_VARIABLE_ITEMS_BYTES) } }),
      ],
      ['variable write', client.variables.write('team/db', { Items: { a: 'b' } }, { cas: -1 })],
      ['variable write', client.variables.write('team/db', { Items: { a: 1 as unknown as string } })],
      ['variable write', client.variables.write('team/db', { Items: { a: 'b' }, Extra: 1 } as never)],
      ['variable delete', client.variables.delete('team/db', { cas: 1.5 })],
      ['variable lock', client.variables.acquireLock('team/db', { Lock: { TTL: '5s' } })],
      ['variable lock', client.variables.acquireLock('team/db', { Lock: { LockDelay: '25h' } })],
      ['variable lock renewal', client.variables.renewLock('team/db', '')],
      ['variable lock release', client.variables.releaseLock('team/db', '')],
    ];
    for (const [what, call] of refused) expect((await validationError(call)).message).toContain(what);
    expect(fake.requests.length).toBe(before);
    // Reads under `nomad/` are the scheduler's to answer; only writes there are refused.
    await expect(client.variables.read('nomad/jobs/web')).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
  });

  it('follows the token’s variable capabilities per namespace and path', async () => {
    const fake = await fakeScheduler({
      acl: {
        tokens: {
          root: 'management',
          team: { variables: { default: { 'team/*': ['list', 'read', 'write'] } } },
          reader: { variables: { '*': { 'team/db': ['read'] } } },
          nobody: { namespaces: { default: ['read-job'] } },
        },
      },
    });
    const root = clientOf(fake, { token: 'root' });
    await root.variables.write('team/db', { Items: { user: 'app' } });
    await root.variables.write('ops/db', { Items: { user: 'ops' } });
    const team = clientOf(fake, { token: 'team' });
    expect((await team.variables.list()).map((variable) => variable.Path)).toEqual(['team/db']);
    await team.variables.write('team/cache', { Items: { size: '1g' } });
    const denied = (promise: Promise<unknown>) =>
      expect(promise).rejects.toSatisfy((error: unknown) => PermissionDeniedError.isInstance(error));
    await denied(team.variables.read('ops/db'));
    await denied(team.variables.delete('team/cache'));
    const reader = clientOf(fake, { token: 'reader' });
    expect((await reader.variables.read('team/db')).Items).toEqual({ user: 'app' });
    await denied(reader.variables.write('team/db', { Items: { user: 'x' } }));
    await denied(clientOf(fake, { token: 'nobody' }).variables.list());
    // The standalone functions, under another namespace the token may not touch.
    await denied(readVariable(team.core, 'team/db', { namespace: 'ops' }));
    await denied(writeVariable(team.core, 'team/db', { Items: { a: 'b' } }, { namespace: 'ops' }));
    await denied(deleteVariable(team.core, 'team/db', { namespace: 'ops' }));
  });
});
