// Writes as the service takes them: PUT and POST are one write and the service decides create or
// update by whether the object exists, so the client checks only what holds for every write; the
// fake checks a whole body before it changes anything, and keeps exactly one of rotation period and
// schedule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
});
afterAll(() => fake.close());

const EMAIL = 'app@proj.iam.gserviceaccount.com';
const bindings = { 'projects/proj': ['roles/viewer'] };

async function serviceRefusal(promise: Promise<unknown>): Promise<string> {
  const error = await rejectionOf(promise);
  expect(BadRequestError.isInstance(error), String(error)).toBe(true);
  return (error as BadRequestError).errors.join('; ');
}

describe('an update needs no create-time fields; the service decides create or update', () => {
  it('updates a static role without rotation_period or rotation_schedule', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('updates-db', {
      plugin_name: 'mysql-database-plugin',
      connection_url: '{{username}}:{{password}}@tcp(db:3306)/',
      username: 'root',
      password: 'root-password',
      allowed_roles: ['*'],
    });
    await client.database.staticRoles.write('app', {
      db_name: 'updates-db',
      username: 'app',
      rotation_period: 3600,
    });
    await client.database.staticRoles.write('app', { rotation_statements: ['ALTER USER "{{name}}"'] });
    expect(await client.database.staticRoles.read('app')).toMatchObject({
      rotation_period: 3600,
      rotation_statements: ['ALTER USER "{{name}}"'],
    });
    // Creating one without either is the service's to refuse.
    expect(
      await serviceRefusal(
        client.database.staticRoles.write('other', { db_name: 'updates-db', username: 'o' }),
      ),
    ).toMatch(/exactly one of rotation_period or rotation_schedule/);
  });

  it('updates a roleset without project and bindings; creating one without them is refused by the service', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('scoped', { project: 'proj', bindings });
    await client.cloud.rolesets.write('scoped', {
      token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
    });
    expect(await client.cloud.rolesets.read('scoped')).toMatchObject({
      service_account_project: 'proj',
      bindings,
      token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
    });
    expect(await serviceRefusal(client.cloud.rolesets.write('new-one', { bindings }))).toMatch(
      /project is required/,
    );
  });

  it('sends identity_token_audience alone when the service account is stored already', async () => {
    const client = clientOf(fake);
    await client.cloud.config.write({ service_account_email: EMAIL });
    await client.cloud.config.write({ identity_token_audience: '//iam.googleapis.com/projects/1/pools/p' });
    expect(await client.cloud.config.read()).toMatchObject({
      identity_token_audience: '//iam.googleapis.com/projects/1/pools/p',
      service_account_email: EMAIL,
    });
    await client.cloud.config.write({ service_account_email: '', identity_token_audience: '' });
    expect(await serviceRefusal(client.cloud.config.write({ identity_token_audience: 'aud' }))).toMatch(
      /service_account_email is required with identity_token_audience/,
    );
  });

  it('updates accounts, connections and roles without their create-time fields', async () => {
    const client = clientOf(fake);
    await client.cloud.staticAccounts.write('sa', { service_account_email: EMAIL });
    await client.cloud.staticAccounts.write('sa', { token_scopes: ['s'] });
    expect((await client.cloud.staticAccounts.read('sa')).token_scopes).toEqual(['s']);
    await client.cloud.impersonatedAccounts.write('imp', { service_account_email: EMAIL });
    await client.cloud.impersonatedAccounts.write('imp', { ttl: '2h' });
    expect((await client.cloud.impersonatedAccounts.read('imp')).ttl).toBe(7200);
    await client.database.connections.write('updates-db', {
      verify_connection: false,
      password_policy: 'strict',
    });
    expect((await client.database.connections.read('updates-db')).plugin_name).toBe('mysql-database-plugin');
    await client.database.roles.write('ro', { db_name: 'updates-db', creation_statements: ['CREATE USER'] });
    await client.database.roles.write('ro', { default_ttl: '1h' });
    expect(await client.database.roles.read('ro')).toMatchObject({
      db_name: 'updates-db',
      default_ttl: 3600,
    });
    expect(await serviceRefusal(client.database.roles.write('ro-2', { db_name: 'updates-db' }))).toMatch(
      /creation_statements are required/,
    );
  });
});

/** Sends `body` as it is (no client checks) and expects the fake to refuse it with 400. */
async function refusedRaw(path: string, body: Record<string, unknown>, method = 'POST'): Promise<void> {
  await serviceRefusal(clientOf(fake).request({ method, path, body }));
}

describe('a refused write leaves the stored object unchanged', () => {
  it('POST {cloud_mount}/config', async () => {
    const client = clientOf(fake);
    await client.cloud.config.write({ ttl: '1h', max_ttl: '2h', rotation_schedule: '0 0 * * SAT' });
    const before = structuredClone(fake.cloud().config);
    await refusedRaw('/gcp/config', { ttl: 60, max_ttl: 120, rotation_period: 60, credentials: 'not json' });
    await refusedRaw('/gcp/config', { ttl: 60, identity_token_ttl: 5, rotation_period: 3 });
    await refusedRaw('/gcp/config', { ttl: 60, identity_token_audience: 'aud', service_account_email: '' });
    expect(fake.cloud().config).toEqual(before);
  });

  it('POST {cloud_mount}/roleset/:name', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('kept', { project: 'proj', bindings });
    const before = structuredClone(fake.cloud().rolesets.get('kept'));
    await refusedRaw('/gcp/roleset/kept', { token_scopes: ['changed'], bindings: 'resource "x" {' });
    await refusedRaw('/gcp/roleset/kept', { token_scopes: ['changed'], project: 'other' });
    expect(fake.cloud().rolesets.get('kept')).toEqual(before);
  });

  it('POST {cloud_mount}/static-account/:name', async () => {
    const client = clientOf(fake);
    await client.cloud.staticAccounts.write('kept', { service_account_email: EMAIL, bindings });
    const before = structuredClone(fake.cloud().staticAccounts.get('kept'));
    await refusedRaw('/gcp/static-account/kept', { token_scopes: ['changed'], bindings: '{"resource": 1}' });
    await refusedRaw('/gcp/static-account/kept', {
      token_scopes: ['changed'],
      secret_type: 'service_account_key',
    });
    expect(fake.cloud().staticAccounts.get('kept')).toEqual(before);
  });

  it('POST {cloud_mount}/impersonated-account/:name', async () => {
    const client = clientOf(fake);
    await client.cloud.impersonatedAccounts.write('kept', { service_account_email: EMAIL, ttl: '1h' });
    const before = structuredClone(fake.cloud().impersonatedAccounts.get('kept'));
    await refusedRaw('/gcp/impersonated-account/kept', { token_scopes: ['changed'], ttl: '13h' });
    expect(fake.cloud().impersonatedAccounts.get('kept')).toEqual(before);
  });

  it('POST {db_mount}/config/:name', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('kept', { plugin_name: 'p', url: 'x://y', allowed_roles: ['a'] });
    const before = structuredClone(fake.database().connections.get('kept'));
    await refusedRaw('/database/config/kept', {
      allowed_roles: ['b'],
      password_policy: 'x',
      rotation_period: 3,
    });
    await refusedRaw('/database/config/kept', { allowed_roles: ['b'], plugin_version: 'latest' });
    await refusedRaw('/database/config/kept', { allowed_roles: ['b'], url: '', verify_connection: true });
    expect(fake.database().connections.get('kept')).toEqual(before);
  });

  it('POST {db_mount}/roles/:name: a bad revocation_statements changes neither db_name nor creation_statements', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('roles-db', {
      plugin_name: 'p',
      url: 'x://y',
      allowed_roles: ['*'],
    });
    await client.database.roles.write('kept', { db_name: 'roles-db', creation_statements: ['CREATE'] });
    const before = structuredClone(fake.database().roles.get('kept'));
    await refusedRaw('/database/roles/kept', {
      db_name: 'other-db',
      creation_statements: ['CHANGED'],
      revocation_statements: { not: 'a list' },
    });
    await refusedRaw('/database/roles/kept', { db_name: 'other-db', credential_type: 'token' });
    expect(fake.database().roles.get('kept')).toEqual(before);
  });

  it('POST {db_mount}/static-roles/:name', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('static-db', {
      plugin_name: 'p',
      url: 'x://y',
      allowed_roles: ['*'],
    });
    await client.database.staticRoles.write('kept', {
      db_name: 'static-db',
      username: 'u',
      rotation_period: 60,
    });
    const before = structuredClone(fake.database().staticRoles.get('kept'));
    await refusedRaw('/database/static-roles/kept', { rotation_statements: ['CHANGED'], rotation_period: 3 });
    await refusedRaw('/database/static-roles/kept', {
      rotation_statements: ['CHANGED'],
      rotation_schedule: '* *',
    });
    await refusedRaw('/database/static-roles/kept', { rotation_statements: ['CHANGED'], username: 'other' });
    expect(fake.database().staticRoles.get('kept')).toEqual(before);
  });

  it('PATCH sys/sync/config', async () => {
    const before = structuredClone(fake.sync().config);
    await refusedRaw('/sys/sync/config', { disabled: true, queue_capacity: 0 }, 'PATCH');
    await refusedRaw('/sys/sync/config', { disabled: true, queue_capacity: 'many' }, 'PATCH');
    expect(fake.sync().config).toEqual(before);
  });

  it('POST sys/sync/destinations/:type/:name', async () => {
    const client = clientOf(fake);
    await client.sync.destinations.write('cloud1-sm', 'kept', {
      region: 'us-east-1',
      custom_tags: { a: 'b' },
    });
    const before = structuredClone(fake.sync().destinations.get('cloud1-sm/kept'));
    await refusedRaw('/sys/sync/destinations/cloud1-sm/kept', {
      region: 'eu-west-1',
      custom_tags: 'not a map',
    });
    await refusedRaw('/sys/sync/destinations/cloud1-sm/kept', { region: 'eu-west-1', allowed_ports: 'x' });
    expect(fake.sync().destinations.get('cloud1-sm/kept')).toEqual(before);
  });

  it('POST sys/sync/destinations/:type/:name/associations/set and /remove', async () => {
    const client = clientOf(fake);
    await client.sync.destinations.write('cloud1-sm', 'linked', {});
    await client.kv.write('app', { value: 1 });
    await client.sync.associations.set('cloud1-sm', 'linked', { mount: 'secret', secret_name: 'app' });
    const before = structuredClone(fake.sync().associations.get('cloud1-sm/linked'));
    await refusedRaw('/sys/sync/destinations/cloud1-sm/linked/associations/set', {
      mount: 'gcp',
      secret_name: 'x',
    });
    await refusedRaw('/sys/sync/destinations/cloud1-sm/linked/associations/remove', { mount: 'secret' });
    expect(fake.sync().associations.get('cloud1-sm/linked')).toEqual(before);
  });

  it('POST sys/sync/github-apps/:name', async () => {
    const client = clientOf(fake);
    await client.sync.repoHostApps.write('kept', { app_id: 7, private_key: 'key-1' });
    const before = structuredClone(fake.sync().apps.get('kept'));
    await refusedRaw('/sys/sync/github-apps/kept', { private_key: 'key-2', app_id: 0 });
    expect(fake.sync().apps.get('kept')).toEqual(before);
  });
});

describe('writes that store nothing refuse without side effects', () => {
  it('a refused key request issues no key and no lease; a refused renewal leaves the lease as it was', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('keys', {
      project: 'proj',
      bindings,
      secret_type: 'service_account_key',
    });
    const leases = fake.leases().length;
    await refusedRaw('/gcp/roleset/keys/key', { key_algorithm: 'KEY_ALG_RSA_2048', ttl: 'one hour' });
    expect(fake.leases()).toHaveLength(leases);
    const { meta } = await client.cloud.rolesets.key('keys').withMeta();
    const lease = structuredClone(fake.leases().find((item) => item.id === meta.leaseId));
    await refusedRaw('/sys/leases/renew', { lease_id: meta.leaseId, increment: 'soon' }, 'PUT');
    expect(fake.leases().find((item) => item.id === meta.leaseId)).toEqual(lease);
  });

  it('the fake reads cron schedules with its own rules', async () => {
    for (const schedule of [
      '0 25 * * *',
      '*/0 * * * *',
      'a b c d e',
      '0 0 32 * *',
      '0 0 * 13 *',
      '0 0 * * 8',
      '1-x * * * *',
    ]) {
      await refusedRaw('/gcp/config', { rotation_schedule: schedule });
    }
    await clientOf(fake).cloud.config.write({ rotation_schedule: '*/15 0-6,22 1 JAN-MAR sun' });
    expect(fake.cloud().config.rotation_schedule).toBe('*/15 0-6,22 1 JAN-MAR sun');
  });
});

describe('exactly one of rotation_period and rotation_schedule is kept', () => {
  it('on the cloud configuration, after a schedule then a period, and a period then a schedule', async () => {
    const client = clientOf(fake);
    await client.cloud.config.write({ rotation_schedule: '0 0 * * SAT', rotation_window: '2h' });
    await client.cloud.config.write({ rotation_period: 3600 });
    expect(fake.cloud().config).toMatchObject({
      rotation_period: 3600,
      rotation_schedule: '',
      rotation_window: 0,
    });
    const read = await client.cloud.config.read();
    expect(read.rotation_period).toBe(3600);
    expect(read).not.toHaveProperty('rotation_schedule');
    await client.cloud.config.write({ rotation_schedule: '0 3 * * *' });
    expect(fake.cloud().config).toMatchObject({ rotation_period: 0, rotation_schedule: '0 3 * * *' });
    expect(await client.cloud.config.read()).not.toHaveProperty('rotation_period');
  });

  it('on a connection and a static role', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('rotating', {
      plugin_name: 'p',
      url: 'x://y',
      allowed_roles: ['*'],
      rotation_period: 600,
    });
    await client.database.connections.write('rotating', { rotation_schedule: '0 0 * * *' });
    expect(fake.database().connections.get('rotating')).toMatchObject({
      rotation_period: 0,
      rotation_schedule: '0 0 * * *',
    });
    await client.database.staticRoles.write('rotating', {
      db_name: 'rotating',
      username: 'r',
      rotation_schedule: '0 0 * * *',
    });
    await client.database.staticRoles.write('rotating', { rotation_period: 120 });
    const role = await client.database.staticRoles.read('rotating');
    expect(role.rotation_period).toBe(120);
    expect(role).not.toHaveProperty('rotation_schedule');
  });

  it('a window without a schedule is refused by the service, and both in one body are refused', async () => {
    const client = clientOf(fake);
    await client.cloud.config.write({ rotation_period: 3600 });
    expect(await serviceRefusal(client.cloud.config.write({ rotation_window: '2h' }))).toMatch(
      /rotation_window/,
    );
    await refusedRaw('/gcp/config', { rotation_period: 3600, rotation_schedule: '0 0 * * *' });
  });
});
