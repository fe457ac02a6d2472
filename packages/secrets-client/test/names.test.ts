// Names travel as one path segment. A name the path form cannot carry ("/", even as %2F, "%", dot
// segments) would address another object on a service that decodes before routing, so the client
// refuses it before sending wherever the path form is the only form, and the fake refuses it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestValidationError } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
});
afterAll(() => fake.close());

const roleset = { project: 'p', bindings: { 'projects/p': ['roles/viewer'] } };
const UNCARRIABLE = [
  'x/rotate',
  '../config',
  'a/b',
  '%2F',
  'a%2Fb',
  '100%',
  '..',
  '.',
  '/',
  'a\nb',
  'a\ud800',
  '',
];

describe('names the path form cannot carry', () => {
  it.each(UNCARRIABLE)(
    'rolesets.write(%j) rejects with RequestValidationError and sends nothing',
    async (name) => {
      const error = await expectRejectedBeforeSending(fake, () =>
        clientOf(fake).cloud.rolesets.write(name, roleset),
      );
      // Core's encoder words the refusals every service shares (empty, dot segments, unpaired surrogates).
      const expected =
        name === '' ? 'must not be empty' : name === 'a\ud800' ? 'unpaired surrogate' : JSON.stringify(name);
      expect(error.issues[0]?.message).toContain(expected);
    },
  );

  it('says why in the message: "/" would make the service read another path', async () => {
    const error = await expectRejectedBeforeSending(fake, () =>
      clientOf(fake).cloud.rolesets.write('x/rotate', roleset),
    );
    expect(error.message).toMatch(/"x\/rotate" holds "\/", which the path form cannot carry/);
  });

  it('is refused by every operation that puts a name in its path', async () => {
    const client = clientOf(fake);
    const calls: (() => Promise<unknown>)[] = [
      () => client.cloud.rolesets.read('a/b'),
      () => client.cloud.rolesets.rotate('x/rotate'),
      () => client.cloud.rolesets.token('a/b'),
      () =>
        client.cloud.staticAccounts.write('a/b', { service_account_email: 'a@p.iam.gserviceaccount.com' }),
      () => client.cloud.impersonatedAccounts.delete('../config'),
      () => client.database.connections.write('a/b', { plugin_name: 'p', url: 'u' }),
      () => client.database.roles.write('a%2Fb', { db_name: 'd', creation_statements: ['x'] }),
      () => client.database.staticRoles.rotate('a/b'),
      () => client.database.roles.generateCredentials('a/b'),
      () => client.database.reloadPlugin('a/b'),
      () => client.sync.destinations.read('repo-host', 'a/b'),
      () => client.sync.associations.set('repo-host', 'a/b', { mount: 'secret', secret_name: 's' }),
      () => client.sync.repoHostApps.write('a/b', { app_id: 1, private_key: 'k' }),
    ];
    for (const call of calls) await expectRejectedBeforeSending(fake, call);
  });

  it('the fake refuses them on the wire: roleset x%2Frotate is neither created nor taken for a rotation of x', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('x', roleset);
    const before = await client.cloud.rolesets.read('x');
    for (const raw of ['x%2Frotate', '..%2Fconfig', 'a%2Fb', '%252F']) {
      const response = await fetch(`${fake.url}/v1/gcp/roleset/${raw}`, {
        method: 'POST',
        headers: { 'x-secrets-token': fake.rootToken },
        body: JSON.stringify({ project: 'p', bindings: '{"resource":{"p":{"roles":["r"]}}}' }),
      });
      expect(response.status, raw).toBe(400);
      expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(/cannot be a name/);
    }
    expect([...fake.cloud().rolesets.keys()]).toEqual(['x']);
    expect(await client.cloud.rolesets.read('x')).toEqual(before);
  });

  it('destinationsOf chooses the query form for "%" as for "/", and refuses the path form for them', async () => {
    const client = clientOf(fake);
    await client.sync.associations.destinationsOf('secret', '100%');
    expect(fake.requests.at(-1)?.path).toBe('/v1/sys/sync/associations/destinations');
    expect(fake.requests.at(-1)?.query.get('secret_name')).toBe('100%');
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.associations.destinationsOf('kv', 'team/db', { form: 'path' }),
      'name',
    );
  });

  it('the fake answers the path form of a secret lookup with more segments than it has parameters with 404', async () => {
    const response = await fetch(`${fake.url}/v1/sys/sync/associations/kv/team/db`, {
      headers: { 'x-secrets-token': fake.rootToken },
    });
    expect(response.status).toBe(404);
  });

  it('a name that is fine is sent as one encoded segment and reaches exactly its object', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('web app?#', roleset);
    expect(fake.requests.at(-1)?.path).toBe('/v1/gcp/roleset/web%20app%3F%23');
    expect(fake.cloud().rolesets.has('web app?#')).toBe(true);
    expect(
      RequestValidationError.isInstance(await client.cloud.rolesets.read('web app?#').catch((e) => e)),
    ).toBe(false);
  });
});
