import { describe, expect, it } from 'vitest';
import {
  createMeshClient,
  createMeshCore,
  createNamespace,
  deleteNamespace,
  listNamespaces,
  type MeshClientOptions,
  type MeshCore,
  readNamespace,
  updateNamespace,
  waitUntilNamespaceDeleted,
  watchNamespace,
  watchNamespaces,
} from '../src/index.js';
import type { FakeMesh } from '../src/testing/index.js';
import { trackFakes } from './support.js';

const start = trackFakes();

/** Every call of the namespace API, in the form `call(name, ...args)` so both forms can run it. */
type Caller = (operation: string, ...args: unknown[]) => Promise<unknown>;

async function firstOf(generator: AsyncGenerator<unknown>): Promise<unknown> {
  const { value } = await generator.next();
  await generator.return(undefined);
  return value;
}

/** The same calls, in order, through `call`. */
async function session(call: Caller, fake: FakeMesh): Promise<void> {
  await call('create', { Name: 'team-1', Description: 'one', Meta: { owner: 'a' } });
  await call('read', 'team-1', { index: 0, consistency: 'consistent', headers: { 'x-call': 'read' } });
  await call('update', 'team-1', { Description: 'two' });
  await call('list', { index: 0, wait: '2s' });
  await call('watch', 'team-1', { wait: '3s' });
  await call('watchList', { consistency: 'default' });
  await call('delete', 'team-1');
  fake.finishDeletion('team-1');
  await call('waitUntilDeleted', 'team-1', { wait: '4s' });
}

/** What identifies a request on the wire; the host differs between the two fakes. */
function wire(fake: FakeMesh) {
  return fake.requests.map(({ method, path, query, body, headers }) => {
    const { host: _host, ...rest } = headers;
    return { method, path, query: query.toString(), body, headers: rest };
  });
}

describe('façade and standalone operations', () => {
  it('send the same requests', async () => {
    const options: Partial<MeshClientOptions> = {
      token: 'same-token',
      consistency: 'stale',
      headers: { 'x-client': 'one' },
    };
    const viaClient = await start({ deletionDelayMs: false });
    const viaCore = await start({ deletionDelayMs: false });
    const mesh = createMeshClient({ baseUrl: viaClient.url, ...options });
    const core: MeshCore = createMeshCore({ baseUrl: viaCore.url, ...options });
    const group = mesh.namespaces as unknown as Record<string, (...args: unknown[]) => unknown>;
    const standalone: Record<string, (core: MeshCore, ...args: never[]) => unknown> = {
      create: createNamespace,
      read: readNamespace,
      update: updateNamespace,
      delete: deleteNamespace,
      list: listNamespaces,
      watch: watchNamespace,
      watchList: watchNamespaces,
      waitUntilDeleted: waitUntilNamespaceDeleted,
    };
    const settle = async (result: unknown) =>
      typeof (result as AsyncGenerator)?.next === 'function' ? firstOf(result as AsyncGenerator) : result;
    await session(async (operation, ...args) => settle(group[operation]?.(...args)), viaClient);
    await session(
      async (operation, ...args) => settle(standalone[operation]?.(core, ...(args as never[]))),
      viaCore,
    );
    expect(Object.keys(group).sort()).toEqual(Object.keys(standalone).sort());
    expect(viaClient.requests).toHaveLength(8);
    expect(wire(viaCore)).toEqual(wire(viaClient));
  });
});
