// Type-level checks: they fail `tsc` (run over src and test) when the public types drift.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ApiPromise,
  ApiResult,
  createMeshClient,
  MeshClient,
  MeshMeta,
  Namespace,
  NamespaceCreate,
  NamespaceUpdate,
  ResponseMeta,
  WatchNamespacesOptions,
} from '../src/index.js';

describe('public types', () => {
  it('requires Name on create only, and takes null where the server allows it', () => {
    expectTypeOf<{ Name: string }>().toExtend<NamespaceCreate>();
    expectTypeOf<{ Description: string }>().not.toExtend<NamespaceCreate>();
    expectTypeOf<{ Description: string }>().toExtend<NamespaceUpdate>();
    expectTypeOf<{ ACLs: null; Meta: null }>().toExtend<NamespaceUpdate>();
    expectTypeOf<{
      ACLs: { PolicyDefaults: null; RoleDefaults: [{ ID: string }] };
    }>().toExtend<NamespaceUpdate>();
    expectTypeOf<{ Description: null }>().not.toExtend<NamespaceUpdate>();
    // Unknown fields type-check on update (a newer server's fields must pass); lower-case typos are
    // refused at run time, before sending (validation.test.ts).
  });

  it('lets a namespace just read be spread into an update', () => {
    expectTypeOf<Namespace>().toExtend<NamespaceUpdate>();
  });

  it('types responses as the wire shows them, unknown fields allowed', () => {
    expectTypeOf<Namespace['Name']>().toEqualTypeOf<string>();
    expectTypeOf<Namespace['DeletedAt']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Namespace['CreateIndex']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<
      NonNullable<NonNullable<Namespace['ACLs']>['PolicyDefaults']>[number]['ID']
    >().toEqualTypeOf<string>();
    expectTypeOf<Namespace['Partition']>().toEqualTypeOf<string | undefined>();
  });

  it('returns ApiPromises, generators of snapshots, and a plain promise for the deletion wait', () => {
    type Group = MeshClient['namespaces'];
    expectTypeOf<ReturnType<Group['read']>>().toEqualTypeOf<ApiPromise<Namespace, MeshMeta>>();
    expectTypeOf<ReturnType<Group['list']>>().toEqualTypeOf<ApiPromise<Namespace[], MeshMeta>>();
    expectTypeOf<ReturnType<Group['delete']>>().toEqualTypeOf<ApiPromise<void, MeshMeta>>();
    expectTypeOf<ReturnType<Group['watchList']>>().toEqualTypeOf<
      AsyncGenerator<ApiResult<Namespace[], MeshMeta>, void, undefined>
    >();
    expectTypeOf<MeshMeta>().toExtend<ResponseMeta>();
    expectTypeOf<MeshMeta['resultsFilteredByAcls']>().toEqualTypeOf<boolean>();
    expectTypeOf<NonNullable<Parameters<Group['list']>[0]>['partition']>().toEqualTypeOf<
      string | undefined
    >();
    expectTypeOf<NonNullable<Parameters<Group['create']>[1]>['dc']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReturnType<Group['waitUntilDeleted']>>().toEqualTypeOf<Promise<void>>();
    expectTypeOf<Parameters<Group['read']>[1]>().toExtend<
      | {
          consistency?: 'default' | 'stale' | 'consistent' | undefined;
          index?: number | undefined;
          wait?: number | string | undefined;
        }
      | undefined
    >();
  });
});

describe('watch options', () => {
  it('watchList takes the list watch options', () => {
    expectTypeOf<Parameters<MeshClient['namespaces']['watchList']>[0]>().toEqualTypeOf<
      WatchNamespacesOptions | undefined
    >();
  });
});

describe('options read from the environment', () => {
  it('take undefined for every optional option, as a value from process.env is', () => {
    const env: Record<string, string | undefined> = {};
    expectTypeOf({ baseUrl: 'http://127.0.0.1:8500', token: env.TOKEN, consistency: undefined }).toExtend<
      Parameters<typeof createMeshClient>[0]
    >();
    expectTypeOf({ wait: env.WAIT, pollInterval: undefined }).toExtend<
      NonNullable<Parameters<MeshClient['namespaces']['waitUntilDeleted']>[1]>
    >();
  });
});
