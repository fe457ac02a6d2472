// Every option of every public function, misspelt at random (a character dropped, two swapped, one
// inserted or replaced): each misspelling is refused with RequestValidationError naming it and the
// nearest option, before anything reaches the fake. The functions are enumerated from the package's
// entries (a new export must be listed here, with its options type or as taking none) and their keys
// from `secretsOptionKeys`, so a new option is misspelt here without a change to this file.
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
import * as secrets from '../src/index.js';
import { RequestValidationError } from '../src/index.js';
import * as node from '../src/node/index.js';
import * as testing from '../src/testing/index.js';

const keys = secrets.secretsOptionKeys;
const fakeKeys = testing.fakeSecretsOptionKeys;

let fake: testing.FakeSecrets;
let core: secrets.SecretsCore;
let client: secrets.SecretsClient;
beforeAll(async () => {
  fake = await testing.startFakeSecrets();
  client = secrets.createSecretsClient({ baseUrl: fake.url, token: fake.rootToken, retry: false });
  core = client.core;
});
afterAll(() => fake.close());

type Options = Record<string, unknown>;
interface Entry {
  /** The options type's key set. */
  readonly keys: KeySets;
  /** Calls the function with `options` (and plausible other arguments). */
  readonly call: (options: Options) => unknown;
}

const role = 'reader';
const repo = { access_token: 't', repository_owner: 'o', repository_name: 'r' };
const association = { mount: 'secret', secret_name: 'app' };
const issue: secrets.IssueCredentials<unknown> = ({ signal }) =>
  secrets.generateCredentials(core, role, { signal });

/** Each function of the main entry that takes options, by its export name. */
const operations: Record<string, Entry> = {
  createSecretsClient: {
    keys: keys.SecretsClientOptions,
    call: (o) => secrets.createSecretsClient({ baseUrl: fake.url, ...o }),
  },
  createSecretsCore: {
    keys: keys.SecretsClientOptions,
    call: (o) => secrets.createSecretsCore({ baseUrl: fake.url, ...o }),
  },
  fromEnv: { keys: keys.SecretsClientOptions, call: (o) => secrets.fromEnv(o) },
  readHelp: { keys: keys.SecretsRequestOptions, call: (o) => secrets.readHelp(core, '/sys/sync', o) },
  readCloudHelp: { keys: keys.EngineRequestOptions, call: (o) => secrets.readCloudHelp(core, o) },
  readDatabaseHelp: { keys: keys.EngineRequestOptions, call: (o) => secrets.readDatabaseHelp(core, o) },
  readSyncHelp: { keys: keys.SecretsRequestOptions, call: (o) => secrets.readSyncHelp(core, o) },
  loginAppRole: { keys: keys.LoginOptions, call: (o) => secrets.loginAppRole(core, { role_id: 'r' }, o) },
  loginJwt: { keys: keys.LoginOptions, call: (o) => secrets.loginJwt(core, { jwt: 'j' }, o) },
  loginKubernetes: {
    keys: keys.LoginOptions,
    call: (o) => secrets.loginKubernetes(core, { role, jwt: 'j' }, o),
  },
  loginUserpass: {
    keys: keys.LoginOptions,
    call: (o) => secrets.loginUserpass(core, 'u', { password: 'p' }, o),
  },
  keepLogin: {
    keys: keys.KeepLoginOptions,
    call: (o) =>
      secrets.keepLogin(
        core,
        ({ signal }) => secrets.loginUserpass(core, 'u', { password: 'p' }, { signal }),
        o,
      ),
  },
  readCloudConfig: { keys: keys.EngineRequestOptions, call: (o) => secrets.readCloudConfig(core, o) },
  rotateCloudRoot: { keys: keys.EngineRequestOptions, call: (o) => secrets.rotateCloudRoot(core, o) },
  writeCloudConfig: { keys: keys.EngineRequestOptions, call: (o) => secrets.writeCloudConfig(core, {}, o) },
  deleteImpersonatedAccount: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.deleteImpersonatedAccount(core, 'a', o),
  },
  generateImpersonatedAccountToken: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.generateImpersonatedAccountToken(core, 'a', o),
  },
  listImpersonatedAccounts: {
    keys: keys.EngineListOptions,
    call: (o) => secrets.listImpersonatedAccounts(core, o),
  },
  readImpersonatedAccount: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.readImpersonatedAccount(core, 'a', o),
  },
  writeImpersonatedAccount: {
    keys: keys.EngineRequestOptions,
    call: (o) =>
      secrets.writeImpersonatedAccount(core, 'a', { service_account_email: 'a@b.c', token_scopes: ['x'] }, o),
  },
  deleteRoleset: { keys: keys.EngineRequestOptions, call: (o) => secrets.deleteRoleset(core, 'r', o) },
  generateRolesetKey: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.generateRolesetKey(core, 'r', {}, o),
  },
  generateRolesetToken: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.generateRolesetToken(core, 'r', o),
  },
  listRolesets: { keys: keys.EngineListOptions, call: (o) => secrets.listRolesets(core, o) },
  readRoleset: { keys: keys.EngineRequestOptions, call: (o) => secrets.readRoleset(core, 'r', o) },
  rotateRoleset: { keys: keys.EngineRequestOptions, call: (o) => secrets.rotateRoleset(core, 'r', o) },
  rotateRolesetKey: { keys: keys.EngineRequestOptions, call: (o) => secrets.rotateRolesetKey(core, 'r', o) },
  writeRoleset: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.writeRoleset(core, 'r', {} as never, o),
  },
  deleteStaticAccount: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.deleteStaticAccount(core, 's', o),
  },
  generateStaticAccountKey: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.generateStaticAccountKey(core, 's', {}, o),
  },
  generateStaticAccountToken: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.generateStaticAccountToken(core, 's', o),
  },
  listStaticAccounts: { keys: keys.EngineListOptions, call: (o) => secrets.listStaticAccounts(core, o) },
  readStaticAccount: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.readStaticAccount(core, 's', o),
  },
  rotateStaticAccountKey: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.rotateStaticAccountKey(core, 's', o),
  },
  writeStaticAccount: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.writeStaticAccount(core, 's', {} as never, o),
  },
  deleteConnection: { keys: keys.EngineRequestOptions, call: (o) => secrets.deleteConnection(core, 'c', o) },
  listConnections: { keys: keys.EngineListOptions, call: (o) => secrets.listConnections(core, o) },
  readConnection: { keys: keys.EngineRequestOptions, call: (o) => secrets.readConnection(core, 'c', o) },
  reloadPlugin: { keys: keys.EngineRequestOptions, call: (o) => secrets.reloadPlugin(core, 'p', o) },
  resetConnection: { keys: keys.EngineRequestOptions, call: (o) => secrets.resetConnection(core, 'c', o) },
  rotateConnectionRoot: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.rotateConnectionRoot(core, 'c', o),
  },
  writeConnection: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.writeConnection(core, 'c', {}, o),
  },
  deleteRole: { keys: keys.EngineRequestOptions, call: (o) => secrets.deleteRole(core, role, o) },
  generateCredentials: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.generateCredentials(core, role, o),
  },
  listRoles: { keys: keys.EngineListOptions, call: (o) => secrets.listRoles(core, o) },
  readRole: { keys: keys.EngineRequestOptions, call: (o) => secrets.readRole(core, role, o) },
  writeRole: { keys: keys.EngineRequestOptions, call: (o) => secrets.writeRole(core, role, {}, o) },
  deleteStaticRole: { keys: keys.EngineRequestOptions, call: (o) => secrets.deleteStaticRole(core, role, o) },
  listStaticRoles: { keys: keys.EngineListOptions, call: (o) => secrets.listStaticRoles(core, o) },
  readStaticCredentials: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.readStaticCredentials(core, role, o),
  },
  readStaticRole: { keys: keys.EngineRequestOptions, call: (o) => secrets.readStaticRole(core, role, o) },
  rotateStaticRole: { keys: keys.EngineRequestOptions, call: (o) => secrets.rotateStaticRole(core, role, o) },
  writeStaticRole: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.writeStaticRole(core, role, {}, o),
  },
  keepCredentials: {
    keys: keys.KeepCredentialsOptions,
    call: (o) => secrets.keepCredentials(core, issue, o),
  },
  keepLease: {
    keys: keys.KeepLeaseOptions,
    call: (o) =>
      secrets.keepLease(core, { leaseId: 'database/creds/reader/x', leaseDuration: 60, renewable: true }, o),
  },
  deleteKvMetadata: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.deleteKvMetadata(core, 'app', o),
  },
  readKvMetadata: { keys: keys.EngineRequestOptions, call: (o) => secrets.readKvMetadata(core, 'app', o) },
  patchKvMetadata: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.patchKvMetadata(core, 'app', {}, o),
  },
  writeKvMetadata: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.writeKvMetadata(core, 'app', {}, o),
  },
  patchKvSecret: { keys: keys.KvPatchOptions, call: (o) => secrets.patchKvSecret(core, 'app', {}, o) },
  readKvSubkeys: { keys: keys.KvSubkeysOptions, call: (o) => secrets.readKvSubkeys(core, 'app', o) },
  deleteKvSecret: { keys: keys.EngineRequestOptions, call: (o) => secrets.deleteKvSecret(core, 'app', o) },
  listKvSecrets: { keys: keys.EngineListOptions, call: (o) => secrets.listKvSecrets(core, '', o) },
  readKvSecret: { keys: keys.KvReadOptions, call: (o) => secrets.readKvSecret(core, 'app', o) },
  writeKvSecret: { keys: keys.KvWriteOptions, call: (o) => secrets.writeKvSecret(core, 'app', {}, o) },
  deleteKvVersions: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.deleteKvVersions(core, 'app', [1], o),
  },
  destroyKvVersions: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.destroyKvVersions(core, 'app', [1], o),
  },
  undeleteKvVersions: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.undeleteKvVersions(core, 'app', [1], o),
  },
  forceRevokeLeasePrefix: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.forceRevokeLeasePrefix(core, 'database/', o),
  },
  lookupLease: { keys: keys.SecretsRequestOptions, call: (o) => secrets.lookupLease(core, 'l', o) },
  revokeLeasePrefix: {
    keys: keys.RevokePrefixOptions,
    call: (o) => secrets.revokeLeasePrefix(core, 'database/', o),
  },
  renewLease: { keys: keys.RenewLeaseOptions, call: (o) => secrets.renewLease(core, 'l', o) },
  revokeLease: { keys: keys.SecretsRequestOptions, call: (o) => secrets.revokeLease(core, 'l', o) },
  listAssociations: { keys: keys.ListRequestOptions, call: (o) => secrets.listAssociations(core, o) },
  readAssociations: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.readAssociations(core, 'repo-host', 'ci', o),
  },
  readSecretDestinations: {
    keys: keys.SecretDestinationsOptions,
    call: (o) => secrets.readSecretDestinations(core, 'secret', 'app', o),
  },
  removeAssociation: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.removeAssociation(core, 'repo-host', 'ci', association, o),
  },
  setAssociation: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.setAssociation(core, 'repo-host', 'ci', association, o),
  },
  readSyncConfig: { keys: keys.SecretsRequestOptions, call: (o) => secrets.readSyncConfig(core, o) },
  updateSyncConfig: { keys: keys.SecretsRequestOptions, call: (o) => secrets.updateSyncConfig(core, {}, o) },
  patchDestination: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.patchDestination(core, 'repo-host', 'ci', {}, o),
  },
  deleteDestination: {
    keys: keys.DeleteDestinationOptions,
    call: (o) => secrets.deleteDestination(core, 'repo-host', 'ci', o),
  },
  listDestinations: { keys: keys.ListRequestOptions, call: (o) => secrets.listDestinations(core, o) },
  listDestinationsByType: {
    keys: keys.ListRequestOptions,
    call: (o) => secrets.listDestinationsByType(core, 'repo-host', o),
  },
  readDestination: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.readDestination(core, 'repo-host', 'ci', o),
  },
  writeCloud1SmDestination: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.writeCloud1SmDestination(core, 'd', {} as never, o),
  },
  writeCloud2KvDestination: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.writeCloud2KvDestination(core, 'd', {} as never, o),
  },
  writeCloud3SmDestination: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.writeCloud3SmDestination(core, 'd', {} as never, o),
  },
  writeDestination: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.writeDestination(core, 'repo-host', 'ci', repo, o),
  },
  writeHostingProjectDestination: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.writeHostingProjectDestination(core, 'd', {} as never, o),
  },
  writeRepoHostDestination: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.writeRepoHostDestination(core, 'ci', repo, o),
  },
  deleteRepoHostApp: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.deleteRepoHostApp(core, 'app', o),
  },
  readRepoHostApp: { keys: keys.SecretsRequestOptions, call: (o) => secrets.readRepoHostApp(core, 'app', o) },
  writeRepoHostApp: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.writeRepoHostApp(core, 'app', {} as never, o),
  },
  waitForSyncStatus: {
    keys: keys.WaitForSyncStatusOptions,
    call: (o) =>
      secrets.waitForSyncStatus(core, { type: 'repo-host', name: 'ci', ...association }, 'SYNCED', o),
  },
  lookupTokenByAccessor: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.lookupTokenByAccessor(core, 'a', o),
  },
  revokeTokenByAccessor: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.revokeTokenByAccessor(core, 'a', o),
  },
  capabilitiesSelf: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.capabilitiesSelf(core, ['secret/app'], o),
  },
  createToken: { keys: keys.CreateTokenOptions, call: (o) => secrets.createToken(core, {}, o) },
  keepToken: { keys: keys.KeeperOptions, call: (o) => secrets.keepToken(core, o) },
  revokeSelfToken: { keys: keys.SecretsRequestOptions, call: (o) => secrets.revokeSelfToken(core, o) },
  lookupSelfToken: { keys: keys.SecretsRequestOptions, call: (o) => secrets.lookupSelfToken(core, o) },
  renewSelfToken: { keys: keys.RenewSelfOptions, call: (o) => secrets.renewSelfToken(core, o) },
  lookupWrappingToken: {
    keys: keys.SecretsRequestOptions,
    call: (o) => secrets.lookupWrappingToken(core, 'w', o),
  },
  unwrap: { keys: keys.UnwrapOptions, call: (o) => secrets.unwrap(core, 'w', o) },
  // The operation it wraps takes the options.
  wrapResponse: {
    keys: keys.EngineRequestOptions,
    call: (o) => secrets.wrapResponse(core, '5m', secrets.readRole, role, o),
  },
};

/** Functions of the main entry that take no options object. */
const takeNoOptions = new Set([
  'durationSchema',
  'envelopeSchema',
  'unwrapEnvelope',
  'bindingsSchema',
  'bindingsText',
  'credentialConfigSchema',
  'wrappingCore',
  // The group builders take a core.
  'authGroup',
  'cloudGroup',
  'databaseGroup',
  'kvGroup',
  'leasesGroup',
  'syncGroup',
  'tokenGroup',
  'wrappingGroup',
]);

/** Options of the client's own methods, its nested options, the node and testing entries. */
const others: Record<string, Entry> = {
  'client.request': {
    keys: keys.SecretsRequestOptions,
    call: (o) => client.request({ method: 'GET', path: '/sys/health' }, o),
  },
  'client.help': { keys: keys.SecretsRequestOptions, call: (o) => client.help('/sys/sync', o) },
  'client.keep': { keys: keys.KeepCredentialsOptions, call: (o) => client.keep(issue, o) },
  'client.wrapped(ttl).database.roles.read': {
    keys: keys.EngineRequestOptions,
    call: (o) => client.wrapped('5m').database.roles.read(role, o),
  },
  'createSecretsClient({ readYourWrites })': {
    keys: keys.ReadYourWritesOptions,
    call: (o) => secrets.createSecretsClient({ baseUrl: fake.url, readYourWrites: o }),
  },
  'node.fromEnv': { keys: keys.SecretsClientOptions, call: (o) => node.fromEnv(o) },
  startFakeSecrets: { keys: fakeKeys.startFakeSecrets, call: (o) => testing.startFakeSecrets(o) },
  'startFakeSecrets({ mounts })': {
    keys: fakeKeys.mount,
    call: (o) => testing.startFakeSecrets({ mounts: [{ path: 'kv2', type: 'kv', ...o }] }),
  },
  'fake.createToken': { keys: fakeKeys.createToken, call: (o) => fake.createToken(o) },
  'fake.addTokenRole': { keys: fakeKeys.addTokenRole, call: (o) => fake.addTokenRole('r', o) },
  'fake.approle().addRole': { keys: fakeKeys.appRole, call: (o) => fake.approle().addRole('r', o) },
  'fake.userpass().addUser': {
    keys: fakeKeys.user,
    call: (o) => fake.userpass().addUser('u', { password: 'p', ...o }),
  },
  'fake.kubernetes().addRole': {
    keys: fakeKeys.kubernetesRole,
    call: (o) => fake.kubernetes().addRole('r', o),
  },
  'fake.jwt().addRole': { keys: fakeKeys.jwtRole, call: (o) => fake.jwt().addRole('r', o) },
};

const nodeTakeNoOptions = new Set(['readTokenFile', 'serviceAccountToken', 'tokenFromHelperFile']);
const testingTakeNoOptions = new Set(['followsDefaultPolicy']);

describe('misspelt options', () => {
  it('lists every function of the entries that takes options, and only those', () => {
    for (const name of functionsOf(secrets)) {
      expect(name in operations || takeNoOptions.has(name), `${name}: list it with its options type`).toBe(
        true,
      );
    }
    for (const name of functionsOf(node))
      expect(name === 'fromEnv' || nodeTakeNoOptions.has(name), `node ${name}`).toBe(true);
    for (const name of functionsOf(testing))
      expect(name === 'startFakeSecrets' || testingTakeNoOptions.has(name), `testing ${name}`).toBe(true);
    expect(Object.keys(operations).filter((name) => !(name in secrets))).toEqual([]);
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
