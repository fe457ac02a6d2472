// The mesh scenario: a namespace with default ACL policies, seen appearing in a watched list, then
// deleted and followed through its marked-for-deletion phase until it is gone.
import {
  type ApiResult,
  createMeshClient,
  fromEnv,
  isMarkedForDeletion,
  type Namespace,
  NotFoundError,
} from '@infra-sdk/mesh-client';
import { type FakeMesh, startFakeMesh } from '@infra-sdk/mesh-client/testing';
import { env, fakeTarget, nameFor, patience, realTarget } from './environment.ts';
import { Follower } from './follow.ts';
import { check, type Section, short } from './output.ts';

/** A policy every mesh server has since it gained built-in policies: read access to everything. */
const DEFAULT_POLICY = 'builtin/global-read-only';

function describeList(namespaces: readonly Namespace[]): string {
  return namespaces
    .map((namespace) =>
      isMarkedForDeletion(namespace) ? `${namespace.Name} (marked for deletion)` : namespace.Name,
    )
    .join(', ');
}

export async function runMesh(section: Section): Promise<void> {
  const real = realTarget('MESH_ADDR');
  const policy = env('DEMO_MESH_POLICY') ?? DEFAULT_POLICY;
  let fake: FakeMesh | undefined;
  let list: Follower<ApiResult<Namespace[]>> | undefined;
  try {
    if (!real) {
      fake = await startFakeMesh({
        // The fake knows only `global-management`; it gets the read-only policy a real server has.
        policies: [{ name: policy, rules: ['namespace:*:read', 'operator:read'] }],
        // Long enough to watch the marked phase; a real server takes as long as its clean-up needs.
        deletionDelayMs: 1500,
      });
    }
    const target = real ?? fakeTarget('MESH_ADDR', fake?.url ?? '');
    section.target(target, 'Service-mesh server');
    const mesh = real ? fromEnv() : createMeshClient({ baseUrl: target.url });
    const name = nameFor('team-demo', target);
    const timeoutMs = patience(target, 10_000, 300_000);

    await section.step('Watch the namespace list (blocking queries in the background)', async (log) => {
      const follower = new Follower((signal) => mesh.namespaces.watchList({ wait: '60s', signal }));
      list = follower;
      await follower.waitFor(() => true, 'the first list', timeoutMs);
      const first = follower.items[0];
      log.info(`index ${first?.meta.index}: ${describeList(first?.data ?? [])}`);
    });

    await section.step(`Create the namespace ${name} with default ACL policies`, async (log) => {
      const created = await mesh.namespaces.create({
        Name: name,
        Description: 'Created by the infra-sdk demo',
        ACLs: { PolicyDefaults: [{ Name: policy }] },
        Meta: { owner: 'infra-sdk-demo' },
      });
      for (const link of created.ACLs?.PolicyDefaults ?? []) {
        log.info(`default policy ${link.Name} (id ${short(link.ID)}…): every token made in ${name} gets it`);
      }
      log.info(`created at index ${created.CreateIndex}, meta ${JSON.stringify(created.Meta)}`);
      check(
        created.ACLs?.PolicyDefaults?.some((link) => link.Name === policy) === true,
        'the namespace lacks its default policy',
      );
    });

    await section.step('See the list change', async (log) => {
      check(list !== undefined, 'the list is not watched');
      const at = await list.waitFor(
        (snapshot) => snapshot.data.some((namespace) => namespace.Name === name),
        `a list with ${name}`,
        timeoutMs,
      );
      const snapshot = list.items[at];
      log.info(`index ${snapshot?.meta.index}: ${describeList(snapshot?.data ?? [])}`);
      const { data, meta } = await mesh.namespaces.read(name).withMeta();
      log.info(
        `read ${data.Name}: "${data.Description}", index ${meta.index}, known leader ${meta.knownLeader}`,
      );
    });

    const marked = await section.step(`Delete ${name}: it is marked first`, async (log) => {
      const seenBefore = list?.items.length ?? 0;
      const { meta } = await mesh.namespaces.delete(name).withMeta();
      log.info(
        `DELETE answered ${meta.status}; the server now removes the namespace's data in the background`,
      );
      try {
        const namespace = await mesh.namespaces.read(name);
        log.info(
          `read right after: DeletedAt ${namespace.DeletedAt} (marked for deletion: ${isMarkedForDeletion(namespace)})`,
        );
        return { seenBefore, marked: isMarkedForDeletion(namespace) };
      } catch (error) {
        if (!NotFoundError.isInstance(error)) throw error;
        log.note('the server removed it before the read: there was no marked phase to see');
        return { seenBefore, marked: false };
      }
    });

    await section.step(`Follow ${name} until it is gone`, async (log) => {
      check(list !== undefined, 'the list is not watched');
      await mesh.namespaces.waitUntilDeleted(name, { wait: '30s', signal: AbortSignal.timeout(timeoutMs) });
      log.info('waitUntilDeleted resolved: a read of the namespace answers 404 now');
      const gone = await list.waitFor(
        (snapshot) => !snapshot.data.some((namespace) => namespace.Name === name),
        `a list without ${name}`,
        timeoutMs,
        marked.seenBefore,
      );
      log.info('what the list watch saw meanwhile:');
      for (const snapshot of list.items.slice(marked.seenBefore, gone + 1)) {
        log.info(`  index ${snapshot.meta.index}: ${describeList(snapshot.data)}`);
      }
      const phases = list.items.slice(marked.seenBefore, gone + 1);
      const sawMark = phases.some((snapshot) =>
        snapshot.data.some((namespace) => namespace.Name === name && isMarkedForDeletion(namespace)),
      );
      if (fake) check(marked.marked && sawMark, 'the namespace was never seen marked for deletion');
      try {
        await mesh.namespaces.read(name);
        check(false, `${name} can still be read`);
      } catch (error) {
        if (!NotFoundError.isInstance(error)) throw error;
        log.info(`read ${name}: NotFoundError (${error.status})`);
      }
    });
  } finally {
    await list?.stop();
    await fake?.close();
  }
}
