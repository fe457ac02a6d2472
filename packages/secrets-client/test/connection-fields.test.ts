// A connection declares the spec's common fields; plugin-specific parameters travel through an
// explicit pass-through, and a name close to a declared one is refused before sending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
});
afterAll(() => fake.close());

const base = {
  plugin_name: 'postgresql-database-plugin',
  connection_url: 'postgresql://{{username}}:{{password}}@db/',
};
const body = () => JSON.parse(fake.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;

describe('connection fields', () => {
  it('refuses a misspelt field (conection_url) before sending, naming the field it is close to', async () => {
    const client = clientOf(fake);
    const error = await expectRejectedBeforeSending(
      fake,
      () => client.database.connections.write('pg', { plugin_name: 'p', conection_url: 'x' } as never),
      'conection_url',
    );
    expect(error.message).toContain('did you mean `connection_url`?');
    for (const near of ['usernme', 'Password', 'allowed-roles', 'disable_escapng']) {
      await expectRejectedBeforeSending(fake, () =>
        client.database.connections.write('pg', { ...base, [near]: 'x' } as never),
      );
    }
  });

  it('sends plugin_parameters beside the declared fields, and the service stores them with the connection', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('pg', {
      ...base,
      username: 'root',
      plugin_parameters: { max_open_connections: 4, tls_ca: 'pem' },
    });
    expect(body()).toEqual({ ...base, username: 'root', max_open_connections: 4, tls_ca: 'pem' });
    expect((await client.database.connections.read('pg')).connection_details).toMatchObject({
      max_open_connections: 4,
      tls_ca: 'pem',
    });
  });

  it('refuses a plugin parameter that is, or nearly is, a declared field', async () => {
    const client = clientOf(fake);
    const taken = await expectRejectedBeforeSending(
      fake,
      () => client.database.connections.write('pg', { ...base, plugin_parameters: { username: 'root' } }),
      'plugin_parameters',
    );
    expect(taken.message).toContain('give it as username');
    const near = await expectRejectedBeforeSending(
      fake,
      () => client.database.connections.write('pg', { ...base, plugin_parameters: { conection_url: 'x' } }),
      'plugin_parameters',
    );
    expect(near.message).toContain('misspelling of connection_url');
  });

  it('sends allowed_roles as a list, also when given as a comma-separated string', async () => {
    const client = clientOf(fake);
    await client.database.connections.write('pg', { ...base, allowed_roles: 'readonly, app ,,admin' });
    expect(body().allowed_roles).toEqual(['readonly', 'app', 'admin']);
    await client.database.connections.write('pg', { allowed_roles: '*' });
    expect(body().allowed_roles).toEqual(['*']);
    await client.database.connections.write('pg', { allowed_roles: '' });
    expect(body().allowed_roles).toEqual([]);
    expect((await client.database.connections.read('pg')).allowed_roles).toEqual([]);
  });
});
