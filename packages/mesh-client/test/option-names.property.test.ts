// Every option of every public function, misspelt at random (a character dropped, two swapped, one
// inserted or replaced): each misspelling is refused with RequestValidationError naming it and the
// nearest option, before anything reaches the fake. The functions are enumerated from the package's
// entries (a new export must be listed here, with its options type or as taking none) and their keys
// from `meshOptionKeys`, so a new option is misspelt here without a change to this file.
import { nearestName, requestOptionKeys } from '@infra-sdk/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failureOf,
  functionsOf,
  type KeySets,
  keysOf,
  misspelling,
} from '../../../test-support/option-names.js';
import * as mesh from '../src/index.js';
import { RequestValidationError } from '../src/index.js';
import * as testing from '../src/testing/index.js';

const keys = mesh.meshOptionKeys;
const fakeKeys = testing.fakeMeshOptionKeys;

let fake: testing.FakeMesh;
let core: mesh.MeshCore;
let client: mesh.MeshClient;
beforeAll(async () => {
  fake = await testing.startFakeMesh({ acl: { tokens: [] } });
  client = mesh.createMeshClient({ baseUrl: fake.url, retry: false });
  core = mesh.createMeshCore({ baseUrl: fake.url, retry: false });
});
afterAll(() => fake.close());

type Options = Record<string, unknown>;
interface Entry {
  /** The options type's key set. */
  readonly keys: KeySets;
  /** Calls the function with `options` (and plausible other arguments). */
  readonly call: (options: Options) => unknown;
}

/** Each function of the main entry that takes options, by its export name. */
const operations: Record<string, Entry> = {
  createMeshClient: {
    keys: keys.MeshClientOptions,
    call: (o) => mesh.createMeshClient({ baseUrl: fake.url, ...o }),
  },
  createMeshCore: {
    keys: keys.MeshClientOptions,
    call: (o) => mesh.createMeshCore({ baseUrl: fake.url, ...o }),
  },
  fromEnv: { keys: keys.MeshClientOptions, call: (o) => mesh.fromEnv(o) },
  createNamespace: {
    keys: keys.MeshRequestOptions,
    call: (o) => mesh.createNamespace(core, { Name: 'team-1' }, o),
  },
  readNamespace: { keys: keys.ReadNamespaceOptions, call: (o) => mesh.readNamespace(core, 'default', o) },
  listNamespaces: { keys: keys.ListNamespacesOptions, call: (o) => mesh.listNamespaces(core, o) },
  updateNamespace: {
    keys: keys.MeshRequestOptions,
    call: (o) => mesh.updateNamespace(core, 'default', {}, o),
  },
  deleteNamespace: { keys: keys.MeshRequestOptions, call: (o) => mesh.deleteNamespace(core, 'team-1', o) },
  watchNamespace: {
    keys: keys.WatchNamespaceOptions,
    call: (o) => mesh.watchNamespace(core, 'default', o).next(),
  },
  watchNamespaces: { keys: keys.WatchNamespacesOptions, call: (o) => mesh.watchNamespaces(core, o).next() },
  waitUntilNamespaceDeleted: {
    keys: keys.WaitUntilDeletedOptions,
    call: (o) => mesh.waitUntilNamespaceDeleted(core, 'team-1', o),
  },
};

/** Functions of the main entry that take no options object. */
const takeNoOptions = new Set(['namespacesGroup', 'isMarkedForDeletion']);

/** The client's own method, and the testing entry's options (nested ones included). */
const others: Record<string, Entry> = {
  'client.request': {
    keys: requestOptionKeys,
    call: (o) => client.request({ method: 'GET', path: '/namespaces' }, o),
  },
  'client.namespaces.watchList': {
    keys: keys.WatchNamespacesOptions,
    call: (o) => client.namespaces.watchList(o).next(),
  },
  startFakeMesh: { keys: fakeKeys.startFakeMesh, call: (o) => testing.startFakeMesh(o) },
  'startFakeMesh({ acl })': { keys: fakeKeys.acl, call: (o) => testing.startFakeMesh({ acl: o }) },
  'startFakeMesh({ blocking })': {
    keys: fakeKeys.blocking,
    call: (o) => testing.startFakeMesh({ blocking: o }),
  },
  'startFakeMesh({ acl: { tokens } })': {
    keys: fakeKeys.token,
    call: (o) => testing.startFakeMesh({ acl: { tokens: [{ secret: 's', ...o }] } }),
  },
  'fake.putPolicy': { keys: fakeKeys.policy, call: (o) => fake.putPolicy({ name: 'p', ...o }) },
  'fake.putRole': { keys: fakeKeys.role, call: (o) => fake.putRole({ name: 'r', ...o }) },
  'fake.addToken': { keys: fakeKeys.token, call: (o) => fake.addToken({ secret: 's', ...o }) },
};

describe('misspelt options', () => {
  it('lists every function of the entries that takes options, and only those', () => {
    for (const name of functionsOf(mesh)) {
      expect(name in operations || takeNoOptions.has(name), `${name}: list it with its options type`).toBe(
        true,
      );
    }
    for (const name of functionsOf(testing)) expect(name, `testing ${name}`).toBe('startFakeMesh');
    expect(Object.keys(operations).filter((name) => !(name in mesh))).toEqual([]);
  });

  const entries = { ...operations, ...others };
  it.each(Object.keys(entries))(
    '%s: every misspelt option is refused before sending, naming the nearest',
    async (name) => {
      const { keys: sets, call } = entries[name] as Entry;
      const known = keysOf(sets);
      expect(known.length).toBeGreaterThan(0);
      for (const key of known) {
        await fc.assert(
          fc.asyncProperty(
            misspelling(key).filter((typo) => typo.length > 0 && !known.includes(typo)),
            async (typo) => {
              const before = fake.requests.length;
              const error = await failureOf(() => call({ [typo]: 1 }));
              expect(
                RequestValidationError.isInstance(error),
                `${name}({ ${typo} }) gave ${String(error)}`,
              ).toBe(true);
              expect(fake.requests.length).toBe(before);
              const refusal = (error as RequestValidationError).issues.find((each) => each.path === typo);
              const named = /did you mean `([^`]+)`\?/.exec(refusal?.message ?? '')?.[1];
              expect(named, `${name}: ${(error as Error).message}`).toBeDefined();
              expect(known).toContain(named);
              // The option named is the one misspelt, or one at least as near to the misspelling.
              const distance = (to: string) => nearestName(typo, [to])?.distance ?? Number.POSITIVE_INFINITY;
              expect(distance(named as string)).toBeLessThanOrEqual(distance(key));
            },
          ),
          { numRuns: 4 },
        );
      }
    },
  );
});
