import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../src/index.js';
import { type FakeSecrets, followsDefaultPolicy, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

// Static roles' rotations are counted on it: time passes when a test moves it.
const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({
    clock,
    mounts: [
      { path: 'database', type: 'database' },
      { path: 'team/db', type: 'database' },
    ],
  });
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);
const mysql = {
  plugin_name: 'mysql-database-plugin',
  connection_url: '{{username}}:{{password}}@tcp(127.0.0.1:3306)/',
  username: 'vaultuser',
  password: 'secretpassword',
};

describe('connections', () => {
  it('configures, reads (never the password), lists and deletes connections', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('mysql', {
      ...mysql,
      allowed_roles: 'readonly, app',
      plugin_parameters: { tls_ca: 'pem-text' },
    });
    // The spec's type is a list, so a comma-separated string is sent as one; plugin parameters go beside the fields.
    expect(JSON.parse(last()?.body ?? '{}')).toMatchObject({
      allowed_roles: ['readonly', 'app'],
      tls_ca: 'pem-text',
    });
    expect(JSON.parse(last()?.body ?? '{}')).not.toHaveProperty('plugin_parameters');
    const { data, meta } = await client.database.connections.read('mysql').withMeta();
    expect(data).toMatchObject({
      allowed_roles: ['readonly', 'app'],
      connection_details: { connection_url: mysql.connection_url, username: 'vaultuser', tls_ca: 'pem-text' },
      password_policy: '',
      plugin_name: 'mysql-database-plugin',
      plugin_version: '',
      root_credentials_rotate_statements: [],
      skip_static_role_import_rotation: false,
    });
    expect(JSON.stringify(data)).not.toContain('secretpassword');
    expect(meta.warnings).toEqual([]);
    await client.database.connections.write('pg', {
      plugin_name: 'postgresql-database-plugin',
      connection_url: 'postgresql://{{username}}:{{password}}@db:5432/app',
      allowed_roles: ['*'],
      plugin_version: 'v1.2.3',
      verify_connection: false,
    });
    expect((await client.database.connections.list()).keys).toEqual(['mysql', 'pg']);
    await client.database.connections.delete('pg');
    expect(NotFoundError.isInstance(await rejectionOf(client.database.connections.read('pg')))).toBe(true);
  });

  it('resets connections, reloads plugins and rotates the root password', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('pg1', {
      plugin_name: 'postgresql-database-plugin',
      url: 'postgres://one',
    });
    await client.database.connections.write('pg2', {
      plugin_name: 'postgresql-database-plugin',
      url: 'postgres://two',
    });
    await client.database.connections.reset('pg1');
    expect(fake.database().connections.get('pg1')?.resets).toBe(1);
    const reloaded = await client.database.reloadPlugin('postgresql-database-plugin');
    expect(reloaded).toEqual({ connections: ['pg1', 'pg2'], count: 2 });
    expect(fake.database().connections.get('pg1')?.resets).toBe(2);
    expect(await client.database.reloadPlugin('nothing-uses-it')).toEqual({ connections: [], count: 0 });
    await client.database.connections.rotateRoot('mysql');
    const rotated = fake.database().connections.get('mysql');
    expect(rotated?.rootPassword).not.toBe('secretpassword');
    expect(followsDefaultPolicy(rotated?.rootPassword ?? '')).toBe(true);
    expect(JSON.stringify(await client.database.connections.read('mysql'))).not.toContain(
      rotated?.rootPassword,
    );
    const noRoot = await rejectionOf(client.database.connections.rotateRoot('pg1'));
    expect(BadRequestError.isInstance(noRoot)).toBe(true);
    expect(BadRequestError.isInstance(await rejectionOf(client.database.connections.reset('absent')))).toBe(
      true,
    );
  });

  it('checks connection input before sending', async () => {
    const client = clientOf(fake);
    await expectRejectedBeforeSending(
      fake,
      () => client.database.connections.write('x', { plugin_name: '' }),
      'plugin_name',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.database.connections.write('x', { plugin_name: 'p', plugin_version: '1.2' }),
      'plugin_version',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.database.connections.write('x', { plugin_name: 'p', rotation_period: '9s' }),
      'rotation_period',
    );
    await expectRejectedBeforeSending(
      fake,
      () =>
        client.database.connections.write('x', {
          plugin_name: 'p',
          rotation_period: '1h',
          rotation_schedule: '0 * * * *',
        }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      () =>
        client.database.connections.write('x', {
          plugin_name: 'p',
          rotation_schedule: '0 * * * *',
          rotation_window: 1800,
        }),
      'rotation_window',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.database.connections.write('x', { plugin_name: 'p', verify_connection: 'yes' as never }),
      'verify_connection',
    );
    await client.database.connections.write('rotating', {
      plugin_name: 'p',
      url: 'x://y',
      rotation_schedule: '0 0 * * SAT',
      rotation_window: '1h',
      plugin_parameters: { root_root_placeholder: 'kept as a plugin parameter' },
    });
    expect(fake.database().connections.get('rotating')).toMatchObject({
      rotation_schedule: '0 0 * * SAT',
      rotation_window: 3600,
    });
    const raw = await rejectionOf(
      client.request({
        method: 'POST',
        path: '/database/config/bad',
        body: { plugin_name: 'p', url: 'u', rotation_period: 3 },
      }),
    );
    expect(BadRequestError.isInstance(raw)).toBe(true);
  });
});

describe('roles and credentials', () => {
  it('writes roles with duration text and reads TTLs back as seconds', async () => {
    const client = clientOf(fake);
    await client.database.roles.write('readonly', {
      db_name: 'mysql',
      creation_statements: [
        "CREATE USER '{{name}}'@'%' IDENTIFIED BY '{{password}}'",
        "GRANT SELECT ON *.* TO '{{name}}'@'%'",
      ],
      default_ttl: '1h',
      max_ttl: '24h',
    });
    expect(await client.database.roles.read('readonly')).toEqual({
      creation_statements: [
        "CREATE USER '{{name}}'@'%' IDENTIFIED BY '{{password}}'",
        "GRANT SELECT ON *.* TO '{{name}}'@'%'",
      ],
      credential_type: 'password',
      credential_config: {},
      db_name: 'mysql',
      default_ttl: 3600,
      max_ttl: 86_400,
      renew_statements: [],
      revocation_statements: [],
      rollback_statements: [],
    });
    await client.database.roles.write('app', {
      db_name: 'mysql',
      creation_statements: ['CREATE USER {{name}}'],
    });
    expect((await client.database.roles.list()).keys).toEqual(['app', 'readonly']);
  });

  it('issues unique users whose passwords follow the default policy, under a lease', async () => {
    const client = clientOf(fake);
    const first = await client.database.roles.generateCredentials('readonly').withMeta();
    const second = await client.database.roles.generateCredentials('readonly').withMeta();
    expect(last()?.method).toBe('GET');
    expect(first.data.username).not.toBe(second.data.username);
    for (const { data, meta } of [first, second]) {
      expect(followsDefaultPolicy(data.password ?? '')).toBe(true);
      expect(meta.leaseId).toMatch(/^database\/creds\/readonly\/[0-9a-f-]{36}$/);
      expect(meta).toMatchObject({ renewable: true, leaseDuration: 3600 });
      expect(fake.database().users('mysql').get(data.username)).toBe(data.password);
    }
    const unknown = await rejectionOf(client.database.roles.generateCredentials('absent'));
    expect(BadRequestError.isInstance(unknown)).toBe(true);
  });

  it('honours allowed_roles: named roles, none, or any with *', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('closed', { plugin_name: 'p', url: 'x://closed' });
    await client.database.connections.write('open', {
      plugin_name: 'p',
      url: 'x://open',
      allowed_roles: ['*'],
    });
    await client.database.roles.write('on-closed', { db_name: 'closed', creation_statements: ['x'] });
    await client.database.roles.write('on-open', { db_name: 'open', creation_statements: ['x'] });
    const refused = await rejectionOf(client.database.roles.generateCredentials('on-closed'));
    expect((refused as BadRequestError).errors[0]).toContain('is not an allowed role');
    await expect(client.database.roles.generateCredentials('on-open')).resolves.toHaveProperty('username');
    const notAllowed = await rejectionOf(
      client.database.roles
        .generateCredentials('app')
        .then(() => client.database.roles.generateCredentials('on-closed')),
    );
    expect(BadRequestError.isInstance(notAllowed)).toBe(true);
  });

  it('issues key and certificate credentials for those credential types', async () => {
    const client = clientOf(fake);
    await client.database.roles.write('keyed', {
      db_name: 'open',
      creation_statements: ['x'],
      credential_type: 'rsa_private_key',
      credential_config: { key_bits: 4096 },
    });
    expect((await client.database.roles.generateCredentials('keyed')).rsa_private_key).toContain(
      'BEGIN RSA PRIVATE KEY',
    );
    await client.database.roles.write('certified', {
      db_name: 'open',
      creation_statements: ['x'],
      credential_type: 'client_certificate',
      credential_config: {
        key_type: 'ec',
        key_bits: '384',
        signature_bits: 384,
        common_name_template: '{{.RoleName}}',
      },
    });
    const certificate = await client.database.roles.generateCredentials('certified');
    expect(certificate).toMatchObject({ private_key_type: 'ec' });
    expect(certificate.client_certificate).toContain('BEGIN CERTIFICATE');
    await client.database.roles.delete('certified');
    expect((await client.database.roles.list()).keys).not.toContain('certified');
  });

  it('checks role input and credential_config combinations before sending', async () => {
    const client = clientOf(fake);
    const base = { db_name: 'mysql', creation_statements: ['x'] };
    const write = (role: Record<string, unknown>) => () => client.database.roles.write('r', role as never);
    await expectRejectedBeforeSending(fake, write({ ...base, db_name: '' }), 'db_name');
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, creation_statements: [] }),
      'creation_statements',
    );
    await expectRejectedBeforeSending(fake, write({ ...base, default_ttl: '1 hour' }), 'default_ttl');
    await expectRejectedBeforeSending(fake, write({ ...base, credential_type: 'token' }), 'credential_type');
    const config = (credential_type: string, credential_config: Record<string, unknown>) =>
      write({ ...base, credential_type, credential_config });
    await expectRejectedBeforeSending(fake, config('client_certificate', {}), 'credential_config');
    await expectRejectedBeforeSending(
      fake,
      config('client_certificate', { key_type: 'dsa' }),
      'credential_config',
    );
    await expectRejectedBeforeSending(
      fake,
      config('client_certificate', { key_type: 'rsa', key_bits: 1024 }),
      'credential_config',
    );
    await expectRejectedBeforeSending(
      fake,
      config('client_certificate', { key_type: 'ec', key_bits: 2048 }),
      'credential_config',
    );
    await expectRejectedBeforeSending(
      fake,
      config('client_certificate', { key_type: 'rsa', signature_bits: 128 }),
      'credential_config',
    );
    await expectRejectedBeforeSending(
      fake,
      config('rsa_private_key', { key_bits: 'big' }),
      'credential_config',
    );
    await expectRejectedBeforeSending(
      fake,
      config('rsa_private_key', { key_type: 'ec' }),
      'credential_config',
    );
    await expectRejectedBeforeSending(fake, config('password', { key_bits: 2048 }), 'credential_config');
    // ed25519 ignores key_bits; the password type takes a policy.
    await client.database.roles.write('ed', {
      ...base,
      credential_type: 'client_certificate',
      credential_config: { key_type: 'ed25519', key_bits: 1 },
    });
    await client.database.roles.write('pw', { ...base, credential_config: { password_policy: 'strong' } });
  });
});

describe('static roles', () => {
  it('rotates the password on creation and on demand, resetting the TTL', async () => {
    const client = clientOf(fake);
    fake.database().connections.get('open')?.users.set('static-user', 'imported-password');
    await client.database.staticRoles.write('app-static', {
      db_name: 'open',
      username: 'static-user',
      rotation_statements: ['ALTER USER "{{name}}" IDENTIFIED BY \'{{password}}\';'],
      rotation_period: '1h',
    });
    const role = await client.database.staticRoles.read('app-static');
    expect(role).toEqual({
      credential_type: 'password',
      credential_config: {},
      db_name: 'open',
      username: 'static-user',
      rotation_statements: ['ALTER USER "{{name}}" IDENTIFIED BY \'{{password}}\';'],
      skip_import_rotation: false,
      rotation_period: 3600,
    });
    const created = await client.database.staticRoles.readCredentials('app-static');
    expect(created.password).not.toBe('imported-password');
    expect(followsDefaultPolicy(created.password ?? '')).toBe(true);
    expect(fake.database().users('open').get('static-user')).toBe(created.password);
    expect(created).toMatchObject({ username: 'static-user', rotation_period: 3600 });
    expect(created.ttl).toBe(3600);
    expect(Date.parse(created.last_service_rotation)).toBe(clock.now());

    await clock.advance(1_800_000);
    expect((await client.database.staticRoles.readCredentials('app-static')).ttl).toBe(1800);
    await client.database.staticRoles.rotate('app-static');
    const rotated = await client.database.staticRoles.readCredentials('app-static');
    expect(rotated.password).not.toBe(created.password);
    expect(rotated.ttl).toBe(3600);
    // Once its period has passed, the service rotates it by itself: a new password, a full TTL again.
    await clock.advance(3_600_000);
    const due = await client.database.staticRoles.readCredentials('app-static');
    expect(due.password).not.toBe(rotated.password);
    expect(Date.parse(due.last_service_rotation)).toBe(clock.now());
    expect(due.ttl).toBe(3600);
  });

  it('keeps the imported password when the rotation is skipped, per role or per connection', async () => {
    const client = clientOf(fake);
    await client.database.staticRoles.write('kept', {
      db_name: 'open',
      username: 'kept-user',
      password: 'given-password',
      skip_import_rotation: true,
      rotation_schedule: '0 0 * * SAT',
      rotation_window: '1h',
    });
    const kept = await client.database.staticRoles.readCredentials('kept');
    expect(kept).toMatchObject({
      password: 'given-password',
      last_service_rotation: '0001-01-01T00:00:00Z',
      rotation_schedule: '0 0 * * SAT',
      rotation_window: 3600,
    });
    expect(kept).not.toHaveProperty('rotation_period');
    expect(kept.ttl).toBeGreaterThan(0);
    expect(kept.ttl).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(await client.database.staticRoles.read('kept')).toMatchObject({
      rotation_schedule: '0 0 * * SAT',
      rotation_window: 3600,
    });

    await client.database.connections.write('skipping', {
      plugin_name: 'p',
      url: 'x://s',
      allowed_roles: '*',
      skip_static_role_import_rotation: true,
    });
    const missing = await rejectionOf(
      client.database.staticRoles.write('needs-password', {
        db_name: 'skipping',
        username: 'u',
        rotation_period: 60,
      }),
    );
    expect((missing as BadRequestError).errors[0]).toContain('password is required');
    await client.database.staticRoles.write('inherits', {
      db_name: 'skipping',
      username: 'u',
      password: 'p0',
      rotation_period: 60,
    });
    expect((await client.database.staticRoles.readCredentials('inherits')).password).toBe('p0');
    await client.database.staticRoles.write('overrides', {
      db_name: 'skipping',
      username: 'u2',
      skip_import_rotation: false,
      rotation_period: 60,
    });
    expect((await client.database.staticRoles.readCredentials('overrides')).password).not.toBe(undefined);
  });

  it('lists and deletes static roles; the database user stays', async () => {
    const client = clientOf(fake);
    expect((await client.database.staticRoles.list()).keys).toEqual(
      expect.arrayContaining(['app-static', 'kept']),
    );
    await client.database.staticRoles.delete('app-static');
    expect((await client.database.staticRoles.list()).keys).not.toContain('app-static');
    expect(fake.database().users('open').has('static-user')).toBe(true);
    expect(
      BadRequestError.isInstance(await rejectionOf(client.database.staticRoles.rotate('app-static'))),
    ).toBe(true);
  });

  it('updates the rotation of a static role but not its user', async () => {
    const client = clientOf(fake);
    await client.database.staticRoles.write('kept', {
      db_name: 'open',
      username: 'kept-user',
      rotation_period: '2h',
    });
    expect(await client.database.staticRoles.read('kept')).toMatchObject({ rotation_period: 7200 });
    const moved = await rejectionOf(
      client.database.staticRoles.write('kept', {
        db_name: 'open',
        username: 'other',
        rotation_period: '2h',
      }),
    );
    expect((moved as BadRequestError).errors[0]).toContain('username cannot be updated');
  });

  it('checks static role rules before sending', async () => {
    const client = clientOf(fake);
    const base = { db_name: 'open', username: 'u' };
    const write = (role: Record<string, unknown>) => () =>
      client.database.staticRoles.write('s', role as never);
    await expectRejectedBeforeSending(fake, write({ ...base, rotation_period: 4 }), 'rotation_period');
    await expectRejectedBeforeSending(fake, write({ ...base, rotation_period: '4s' }), 'rotation_period');
    await expectRejectedBeforeSending(fake, write({ ...base, rotation_period: 0 }), 'rotation_period');
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_period: 60, rotation_schedule: '* * * * *' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_period: 60, rotation_window: '1h' }),
      'rotation_window',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_schedule: '0 0 * * SAT', rotation_window: '30m' }),
      'rotation_window',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_schedule: '0 0 * SAT' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_schedule: '0 25 * * *' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_schedule: '0 0 * * 1-9' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_schedule: '*/0 * * * *' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_schedule: '5-1 * * * *' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_schedule: '1-2-3 * * * *' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_schedule: '1/2/3 * * * *' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, username: '', rotation_period: 60 }),
      'username',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ ...base, rotation_period: 60, credential_type: 'client_certificate', credential_config: {} }),
      'credential_config',
    );
    // The edges are accepted: a 5 s period; a schedule with no window.
    await client.database.staticRoles.write('edge', { ...base, rotation_period: '5s' });
    await client.database.staticRoles.write('edge2', {
      ...base,
      username: 'u3',
      rotation_schedule: '30 4 1 JAN *',
    });
    const raw = await rejectionOf(
      client.request({
        method: 'POST',
        path: '/database/static-roles/raw',
        body: { ...base, rotation_period: 2 },
      }),
    );
    expect(BadRequestError.isInstance(raw)).toBe(true);
  });

  it('serves an engine at another mount', async () => {
    const team = clientOf(fake, { databaseMount: 'team/db' });
    await team.database.connections.write('c', { plugin_name: 'p', url: 'x://team' });
    expect(last()?.path).toBe('/v1/team/db/config/c');
    expect((await clientOf(fake).database.connections.list({ mount: 'team/db' })).keys).toEqual(['c']);
    expect(Object.keys((await team.database.help()).openapi?.paths ?? {})).toContain('/static-creds/{name}');
  });
});
