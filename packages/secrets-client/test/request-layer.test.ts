// The grouped client is made of the standalone operations: both forms send the same request, and the
// service's rules (envelope, namespace header, body size limit) apply to every operation alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSecretsClient,
  fromEnv,
  listDestinations,
  listImpersonatedAccounts,
  listRolesets,
  NotFoundError,
  type RolesetInput,
  readCloudHelp,
  readDatabaseHelp,
  readHelp,
  readRoleset,
  readSyncHelp,
  type SecretsClient,
  writeCloudConfig,
  writeRoleset,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

let fake: FakeSecrets;
let client: SecretsClient;
beforeAll(async () => {
  fake = await startFakeSecrets({ namespaces: ['team-a'] });
  client = clientOf(fake);
  await client.cloud.config.write({ credentials: JSON.stringify({ type: 'service_account' }) });
});
afterAll(() => fake.close());

/** What the fake received for one call, without what differs between any two calls. */
async function requestOf(call: () => Promise<unknown>) {
  const before = fake.requests.length;
  await call();
  expect(fake.requests.length).toBe(before + 1);
  const { method, path, query, headers, body } = fake.requests.at(-1) ?? expect.unreachable();
  return { method, path, query: query.toString(), headers, body };
}

describe('the façade and the standalone operations', () => {
  const roleset: RolesetInput = {
    secret_type: 'access_token',
    project: 'p',
    bindings: { '//cloudresourcemanager.googleapis.com/projects/p': ['roles/viewer'] },
    token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
  };

  it('send the same request for a write with a body, a read, a listing and help', async () => {
    const pairs: [() => Promise<unknown>, () => Promise<unknown>][] = [
      [
        () => client.cloud.rolesets.write('same', roleset, { namespace: 'team-a' }),
        () => writeRoleset(client.core, 'same', roleset, { namespace: 'team-a' }),
      ],
      [
        () => client.cloud.rolesets.read('same', { namespace: 'team-a' }),
        () => readRoleset(client.core, 'same', { namespace: 'team-a' }),
      ],
      [
        () => client.cloud.rolesets.list({ listMethod: 'GET' }),
        () => listRolesets(client.core, { listMethod: 'GET' }),
      ],
      [() => client.sync.destinations.list(), () => listDestinations(client.core)],
      [() => client.help('/gcp/config'), () => readHelp(client.core, '/gcp/config')],
      [() => client.cloud.help(), () => readCloudHelp(client.core)],
      [() => client.database.help(), () => readDatabaseHelp(client.core)],
      [() => client.sync.help(), () => readSyncHelp(client.core)],
    ];
    for (const [grouped, standalone] of pairs) {
      const fromGroup = await requestOf(grouped);
      expect(await requestOf(standalone)).toEqual(fromGroup);
    }
    expect(
      (await requestOf(() => readRoleset(client.core, 'same', { namespace: 'team-a' }))).headers,
    ).toHaveProperty('x-secrets-namespace', 'team-a');
  });

  it('help of an engine follows the call’s mount option, checked before sending', async () => {
    const request = await requestOf(() => readDatabaseHelp(client.core, { mount: 'gcp' }));
    expect(request.path).toBe('/v1/gcp');
    expect(request.query).toBe('help=1');
    await expectRejectedBeforeSending(fake, () => readCloudHelp(client.core, { mount: '../sys' }));
  });

  it('refuses a body over the size limit before sending, naming the operation', async () => {
    const small = createSecretsClient({ baseUrl: fake.url, token: fake.rootToken, maxRequestBytes: 512 });
    const error = await expectRejectedBeforeSending(fake, () =>
      writeCloudConfig(small.core, { credentials: 'x'.repeat(600) }),
    );
    expect(error.message).toContain('POST /gcp/config');
    expect(error.message).toContain('more than the service accepts (512 bytes)');
  });

  it('refuses a bad namespace option before sending, in typed and raw calls', async () => {
    await expectRejectedBeforeSending(fake, () => client.cloud.rolesets.read('same', { namespace: '../x' }));
    await expectRejectedBeforeSending(fake, () =>
      client.request({ method: 'GET', path: '/gcp/config' }, { namespace: '../x' }),
    );
  });

  it('keeps a destination’s fields tied to its type', async () => {
    const write = () =>
      client.sync.destinations.write(
        'cloud2-kv',
        'tied',
        // @ts-expect-error: the fields of a cloud1-sm destination are not those of a cloud2-kv one.
        { credentials: '{}' },
      );
    await expectRejectedBeforeSending(fake, write);
  });
});

describe('listings', () => {
  it('read a 404 without error text as the empty listing, and keep a 404 that explains itself an error', async () => {
    const { data, meta } = await listImpersonatedAccounts(client.core).withMeta();
    expect(data).toEqual({ keys: [] });
    expect(meta).toMatchObject({
      status: 404,
      leaseId: '',
      leaseDuration: 0,
      renewable: false,
      warnings: [],
    });
    const error = await rejectionOf(listRolesets(client.core, { mount: 'nowhere' }));
    expect(NotFoundError.isInstance(error)).toBe(true);
  });
});

describe('fromEnv', () => {
  it('reads an address without a scheme as http://', () => {
    const saved = process.env.SECRETS_ADDR;
    try {
      process.env.SECRETS_ADDR = new URL(fake.url).host;
      expect(fromEnv().core.transport.baseUrl).toBe(`http://${new URL(fake.url).host}`);
    } finally {
      if (saved === undefined) delete process.env.SECRETS_ADDR;
      else process.env.SECRETS_ADDR = saved;
    }
  });
});
