// Every option of every public function, misspelt at random (a character dropped, two swapped, one
// inserted or replaced): each misspelling is refused with RequestValidationError naming it and the
// nearest option, before anything reaches the fake. The functions are enumerated from the package's
// entries (a new export must be listed here, with its options type or as taking none) and their keys
// from `registryOptionKeys`, so a new option is misspelt here without a change to this file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nearestName } from '@infra-sdk/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failureOf,
  functionsOf,
  type KeySets,
  keysOf,
  misspelling,
} from '../../../test-support/option-names.js';
import * as registry from '../src/index.js';
import { RequestValidationError } from '../src/index.js';
import * as node from '../src/node/index.js';
import * as testing from '../src/testing/index.js';

const keys = registry.registryOptionKeys;
const fakeKeys = testing.fakeRegistryOptionKeys;

let fake: testing.FakeRegistry;
let core: registry.RegistryCore;
let client: registry.RegistryClient;
let folder: string;
let file: string;
beforeAll(async () => {
  fake = await testing.startFakeRegistry();
  client = registry.createRegistryClient({ baseUrl: fake.url, token: 't', retry: false });
  core = client.core;
  folder = await mkdtemp(join(tmpdir(), 'registry-options-'));
  file = join(folder, 'box.img');
  await writeFile(file, new Uint8Array(16));
});
afterAll(async () => {
  await fake.close();
  await rm(folder, { recursive: true, force: true });
});

type Options = Record<string, unknown>;
interface Entry {
  /** The options type's key set. */
  readonly keys: KeySets;
  /** Calls the function with `options` (and valid other arguments: a plain operation checks them first). */
  readonly call: (options: Options) => unknown;
}

const tag = 'myorg/tools';
const v = '1.0.0';
const box = new Uint8Array(16);
const sha256 = 'a'.repeat(64);
const callback = () =>
  `${core.apiUrl}/box/myorg/tools/version/1.0.0/provider/virtualbox/upload/direct/finish`;
const plain = keys.RequestOptions;

/** Each function of the main entry that takes options, by its export name. */
const operations: Record<string, Entry> = {
  createRegistryClient: {
    keys: keys.RegistryClientOptions,
    call: (o) => registry.createRegistryClient({ baseUrl: fake.url, ...o }),
  },
  createRegistryCore: {
    keys: keys.RegistryClientOptions,
    call: (o) => registry.createRegistryCore({ baseUrl: fake.url, ...o }),
  },
  fromEnv: { keys: keys.RegistryClientOptions, call: (o) => registry.fromEnv(o) },
  createToken: { keys: plain, call: (o) => registry.createToken(core, { login: 'u', password: 'p' }, o) },
  deleteToken: { keys: plain, call: (o) => registry.deleteToken(core, o) },
  requestTwoFactorCode: {
    keys: plain,
    call: (o) => registry.requestTwoFactorCode(core, { login: 'u', password: 'p' }, o),
  },
  validateToken: { keys: plain, call: (o) => registry.validateToken(core, o) },
  createBox: { keys: plain, call: (o) => registry.createBox(core, { username: 'myorg', name: 'tools' }, o) },
  deleteBox: { keys: plain, call: (o) => registry.deleteBox(core, tag, o) },
  readBox: { keys: plain, call: (o) => registry.readBox(core, tag, o) },
  updateBox: { keys: plain, call: (o) => registry.updateBox(core, tag, { description: 'd' }, o) },
  downloadBox: {
    keys: keys.DownloadOptions,
    call: (o) => registry.downloadBox(core, tag, v, 'virtualbox', o),
  },
  createProvider: {
    keys: plain,
    call: (o) => registry.createProvider(core, tag, v, { name: 'virtualbox' }, o),
  },
  deleteProvider: { keys: plain, call: (o) => registry.deleteProvider(core, tag, v, 'virtualbox', o) },
  readProvider: { keys: plain, call: (o) => registry.readProvider(core, tag, v, 'virtualbox', o) },
  updateProvider: {
    keys: plain,
    call: (o) => registry.updateProvider(core, tag, v, 'virtualbox', { url: 'https://example.com/a.box' }, o),
  },
  iterateBoxes: {
    keys: keys.SearchOptions,
    call: (o) => registry.iterateBoxes(core, o)[Symbol.asyncIterator]().next(),
  },
  searchBoxes: { keys: keys.SearchOptions, call: (o) => registry.searchBoxes(core, o) },
  completeDirectUpload: { keys: plain, call: (o) => registry.completeDirectUpload(core, callback(), o) },
  prepareDirectUpload: {
    keys: plain,
    call: (o) => registry.prepareDirectUpload(core, tag, v, 'virtualbox', o),
  },
  prepareUpload: { keys: plain, call: (o) => registry.prepareUpload(core, tag, v, 'virtualbox', o) },
  uploadBox: {
    keys: keys.UploadOptions,
    call: (o) => registry.uploadBox(core, tag, v, 'virtualbox', box, o),
  },
  readUser: { keys: plain, call: (o) => registry.readUser(core, 'myorg', o) },
  createVersion: { keys: plain, call: (o) => registry.createVersion(core, tag, { version: v }, o) },
  deleteVersion: { keys: plain, call: (o) => registry.deleteVersion(core, tag, v, o) },
  readVersion: { keys: plain, call: (o) => registry.readVersion(core, tag, v, o) },
  releaseVersion: { keys: plain, call: (o) => registry.releaseVersion(core, tag, v, o) },
  revokeVersion: { keys: plain, call: (o) => registry.revokeVersion(core, tag, v, o) },
  updateVersion: { keys: plain, call: (o) => registry.updateVersion(core, tag, v, { description: 'd' }, o) },
  publishVersion: {
    keys: keys.PublishOptions,
    call: (o) =>
      registry.publishVersion(core, tag, v, { providers: [{ name: 'virtualbox', asset: box }] }, o),
  },
};

/** Functions of the main entry that take no options object. */
const takeNoOptions = new Set([
  'createChecksum',
  'newRequestId',
  'requestIdOf',
  // The group builders take a core.
  'boxesGroup',
  'providersGroup',
  'searchGroup',
  'tokensGroup',
  'twoFactorGroup',
  'uploadsGroup',
  'usersGroup',
  'versionsGroup',
]);

/** The client's own method, the objects inside options, the node and testing entries. */
const others: Record<string, Entry> = {
  'client.request': { keys: plain, call: (o) => client.request({ method: 'GET', path: '/user/myorg' }, o) },
  'uploadBox({ backoff })': {
    keys: keys['UploadOptions.backoff'],
    call: (o) => registry.uploadBox(core, tag, v, 'virtualbox', box, { backoff: o }),
  },
  'publishVersion({ backoff })': {
    keys: keys['UploadOptions.backoff'],
    call: (o) =>
      registry.publishVersion(
        core,
        tag,
        v,
        { providers: [{ name: 'virtualbox', asset: box }] },
        { backoff: o },
      ),
  },
  'downloadBox({ checksum })': {
    keys: keys['DownloadOptions.checksum'],
    call: (o) =>
      registry.downloadBox(core, tag, v, 'virtualbox', { checksum: { type: 'sha256', value: sha256, ...o } }),
  },
  'node.uploadBoxFile': {
    keys: keys.UploadOptions,
    call: (o) => node.uploadBoxFile(client, tag, v, 'virtualbox', file, o),
  },
  'node.downloadBoxFile': {
    keys: keys.DownloadOptions,
    call: (o) => node.downloadBoxFile(client, tag, v, 'virtualbox', join(folder, 'out.img'), o),
  },
  startFakeRegistry: { keys: fakeKeys.startFakeRegistry, call: (o) => testing.startFakeRegistry(o) },
  'startFakeRegistry({ rateLimit })': {
    keys: fakeKeys.rateLimit,
    call: (o) => testing.startFakeRegistry({ rateLimit: { requests: 1, windowMs: 1, ...o } }),
  },
  'fake.addUser': { keys: fakeKeys.user, call: (o) => fake.addUser({ username: 'u', password: 'p', ...o }) },
  'fake.addOrganization': {
    keys: fakeKeys.organization,
    call: (o) => fake.addOrganization({ username: 'o', members: [], ...o }),
  },
  'fake.addBox': { keys: fakeKeys.box, call: (o) => fake.addBox({ tag: 'a/b', ...o }) },
  'fake.addBox (a version)': {
    keys: fakeKeys.version,
    call: (o) => fake.addBox({ tag: 'a/b', versions: [{ version: '1.0.0', ...o }] }),
  },
  'fake.addBox (a provider)': {
    keys: fakeKeys.provider,
    call: (o) =>
      fake.addBox({
        tag: 'a/b',
        versions: [{ version: '1.0.0', providers: [{ name: 'virtualbox', ...o }] }],
      }),
  },
  'fake.failStorage (status)': {
    keys: fakeKeys['status fault'],
    call: (o) => fake.failStorage({ kind: 'status', ...o }),
  },
  'fake.failStorage (reset)': {
    keys: fakeKeys['reset fault'],
    call: (o) => fake.failStorage({ kind: 'reset', ...o }),
  },
  'fake.failStorage (early-answer)': {
    keys: fakeKeys['early-answer fault'],
    call: (o) => fake.failStorage({ kind: 'early-answer', afterBytes: 1, ...o }),
  },
};

const nodeTakeNoOptions = new Set(['openBoxFile', 'saveBoxDownload']);

describe('misspelt options', () => {
  it('lists every function of the entries that takes options, and only those', () => {
    for (const name of functionsOf(registry)) {
      expect(name in operations || takeNoOptions.has(name), `${name}: list it with its options type`).toBe(
        true,
      );
    }
    for (const name of functionsOf(node)) {
      expect(`node.${name}` in others || nodeTakeNoOptions.has(name), `node ${name}`).toBe(true);
    }
    for (const name of functionsOf(testing)) expect(name, `testing ${name}`).toBe('startFakeRegistry');
    expect(Object.keys(operations).filter((name) => !(name in registry))).toEqual([]);
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
