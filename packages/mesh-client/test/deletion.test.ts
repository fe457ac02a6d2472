import { createTestClock } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import { AbortError, type ApiError, isMarkedForDeletion, NotFoundError } from '../src/index.js';
import { clientOf, failure, received, trackFakes } from './support.js';

const start = trackFakes();

describe('deletion life cycle', () => {
  it('active → marked for deletion (reads succeed, DeletedAt set) → removed', async () => {
    const fake = await start({ deletionDelayMs: false });
    const mesh = clientOf(fake);
    const created = await mesh.namespaces.create({ Name: 'team-1', Meta: { foo: 'bar' } });
    expect(isMarkedForDeletion(created)).toBe(false);

    const deleted = await mesh.namespaces.delete('team-1').withMeta();
    expect(deleted).toMatchObject({ data: undefined, meta: { status: 200 } });

    // Marked for deletion: reads and lists still show it, with the marking time.
    const marked = await mesh.namespaces.read('team-1');
    expect(isMarkedForDeletion(marked)).toBe(true);
    expect(marked.DeletedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(marked).toMatchObject({ Name: 'team-1', Meta: { foo: 'bar' }, CreateIndex: created.CreateIndex });
    expect(marked.ModifyIndex).toBeGreaterThan(created.ModifyIndex ?? 0);
    const listed = await mesh.namespaces.list();
    expect(listed.find((namespace) => namespace.Name === 'team-1')?.DeletedAt).toBe(marked.DeletedAt);

    // While marked it can be neither changed nor created anew; deleting again changes nothing.
    const update = await failure(mesh.namespaces.update('team-1', { Description: 'x' }));
    expect((update as ApiError).status).toBe(409);
    expect((update as ApiError).body).toContain('marked for deletion');
    const create = await failure(mesh.namespaces.create({ Name: 'team-1' }));
    expect((create as ApiError).status).toBe(409);
    expect((create as ApiError).body).toContain('is being deleted');
    await mesh.namespaces.delete('team-1');
    expect((await mesh.namespaces.read('team-1')).DeletedAt).toBe(marked.DeletedAt);

    // Removed: gone from reads and lists, and the name is free again.
    expect(fake.finishDeletion()).toBe(1);
    expect(NotFoundError.isInstance(await failure(mesh.namespaces.read('team-1')))).toBe(true);
    expect((await mesh.namespaces.list()).map((namespace) => namespace.Name)).toEqual(['default']);
    const again = await mesh.namespaces.create({ Name: 'team-1' });
    expect(isMarkedForDeletion(again)).toBe(false);
  });

  it('removes a marked namespace by itself after the configured delay by its clock; waitUntilDeleted sees it go', async () => {
    const clock = createTestClock();
    const fake = await start({ deletionDelayMs: 30, clock });
    const mesh = clientOf(fake, { clock });
    await mesh.namespaces.create({ Name: 'short-lived' });
    await mesh.namespaces.delete('short-lived');
    const sent = fake.requests.length;
    const waiting = mesh.namespaces.waitUntilDeleted('short-lived', { wait: '10s' });
    // The first read finds it marked; the second blocks on the index.
    await received(fake, sent + 2);
    await clock.advance(29);
    expect(fake.namespace('short-lived')?.DeletedAt).toEqual(expect.any(String));
    await clock.advance(1);
    await waiting;
    expect(fake.namespace('short-lived')).toBeUndefined();
    expect(fake.requests.length).toBe(sent + 2);
  });

  it('writes DeletedAt by its clock', async () => {
    const clock = createTestClock(Date.parse('2030-01-01T00:00:00.000Z'));
    const fake = await start({ deletionDelayMs: false, clock });
    const mesh = clientOf(fake, { clock });
    await mesh.namespaces.create({ Name: 'team-1' });
    await clock.advance(1500);
    await mesh.namespaces.delete('team-1');
    expect((await mesh.namespaces.read('team-1')).DeletedAt).toBe('2030-01-01T00:00:01.500Z');
  });

  it('waitUntilDeleted blocks on the index instead of polling, and resolves when the namespace is removed', async () => {
    const fake = await start({ deletionDelayMs: false });
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'team-1' });
    await mesh.namespaces.delete('team-1');
    const sent = fake.requests.length;
    let done = false;
    const waiting = mesh.namespaces.waitUntilDeleted('team-1', { wait: '30s' }).then(() => {
      done = true;
    });
    await received(fake, sent + 2);
    const blocked = fake.requests.at(-1);
    expect(blocked?.query.get('index')).toBe(String(fake.index));
    expect(blocked?.query.get('wait')).toBe('30s');
    expect(done).toBe(false);
    fake.finishDeletion('team-1');
    await waiting;
    expect(fake.requests.length).toBe(sent + 2);
  });

  it('waitUntilDeleted resolves at once for a namespace that is already gone', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.waitUntilDeleted('never-existed');
    expect(fake.requests).toHaveLength(1);
  });

  it('waitUntilDeleted rejects with AbortError when its signal aborts', async () => {
    const fake = await start({ deletionDelayMs: false });
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'stays' });
    await mesh.namespaces.delete('stays');
    const controller = new AbortController();
    const waiting = failure(mesh.namespaces.waitUntilDeleted('stays', { signal: controller.signal }));
    await received(fake, 4);
    controller.abort();
    expect(AbortError.isInstance(await waiting)).toBe(true);
    expect(fake.namespace('stays')?.DeletedAt).toEqual(expect.any(String));
  });
});
