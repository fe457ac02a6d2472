// Every bad input rejects the returned promise with RequestValidationError in the spec's words, and
// every error answer of the fake carries the JSON `{"errors": [...]}` body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestValidationError } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
});
afterAll(() => fake.close());

/** Calls `call` and returns what it threw synchronously, or the promise it returned. */
function callOf(call: () => Promise<unknown>): { thrown: unknown; promise: Promise<unknown> | undefined } {
  try {
    return { thrown: undefined, promise: call() };
  } catch (error) {
    return { thrown: error, promise: undefined };
  }
}

describe('bad input rejects the promise, before sending', () => {
  it('help() with a bad mount rejects instead of throwing', async () => {
    const client = clientOf(fake);
    for (const call of [
      () => client.cloud.help({ mount: '../sys' }),
      () => client.database.help({ mount: '' }),
      () => client.help('no-slash'),
      () => client.help(undefined as never),
    ]) {
      const { thrown, promise } = callOf(call);
      expect(thrown).toBeUndefined();
      await expectRejectedBeforeSending(fake, () => promise as Promise<unknown>);
    }
  });

  it('destinationsOf with a missing name rejects with RequestValidationError naming the field', async () => {
    const client = clientOf(fake);
    const { thrown, promise } = callOf(() =>
      client.sync.associations.destinationsOf('secret', undefined as never),
    );
    expect(thrown).toBeUndefined();
    const error = await expectRejectedBeforeSending(fake, () => promise as Promise<unknown>, 'secret_name');
    expect(error.issues[0]?.message).toMatch(/^is required/);
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.associations.destinationsOf(null as never, 'x'),
      'mount',
    );
  });

  it("a missing required field of a destination is reported in the spec's words, not as a type mismatch", async () => {
    const client = clientOf(fake);
    const error = await expectRejectedBeforeSending(
      fake,
      () =>
        client.sync.destinations.write('cloud2-kv', 'vault', {
          client_id: 'c',
          client_secret: 's',
          tenant_id: 't',
        } as never),
      'key_vault_uri',
    );
    expect(error.issues.find((issue) => issue.path === 'key_vault_uri')?.message).toBe(
      'is required for a cloud2-kv destination',
    );
    expect(error.message).not.toMatch(/Invalid (key|type)/);
    const empty = await expectRejectedBeforeSending(
      fake,
      () =>
        client.sync.destinations.write('hosting-project', 'site', {
          access_token: '',
          project_id: 'p',
          deployment_environments: ['preview'],
        }),
      'access_token',
    );
    expect(empty.issues[0]?.message).toBe('is required for a hosting-project destination');
    const association = await expectRejectedBeforeSending(
      fake,
      () => client.sync.associations.set('cloud1-sm', 'x', { mount: 'secret' } as never),
      'secret_name',
    );
    expect(association.issues[0]?.message).toBe('is required');
  });

  it('the raw request rejects a bad namespace option instead of throwing', async () => {
    const client = clientOf(fake);
    const { thrown, promise } = callOf(() =>
      client.request({ method: 'GET', path: '/gcp/config' }, { namespace: '../root' }),
    );
    expect(thrown).toBeUndefined();
    await expectRejectedBeforeSending(fake, () => promise as Promise<unknown>);
  });

  it('names and mounts of the wrong type reject too', async () => {
    const client = clientOf(fake);
    for (const call of [
      () => client.cloud.rolesets.read(undefined as never),
      () => client.database.roles.read(null as never),
      () => client.database.roles.read({} as never),
      () => client.cloud.rolesets.read('web', { mount: 7 as never }),
    ]) {
      const { thrown, promise } = callOf(call);
      expect(thrown).toBeUndefined();
      expect(
        RequestValidationError.isInstance(await (promise as Promise<unknown>).catch((e: unknown) => e)),
      ).toBe(true);
    }
  });
});

describe('error answers of the fake', () => {
  const get = (path: string) =>
    fetch(`${fake.url}${path}`, { headers: { 'x-secrets-token': fake.rootToken } });

  it('answers malformed percent-encoding with 400 and the errors body', async () => {
    const response = await get('/v1/gcp/roleset/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(/malformed percent-encoding/);
  });

  it('answers an over-long URL with the errors body', async () => {
    const response = await get(`/v1/gcp/roleset/${'a'.repeat(20_000)}`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { errors: unknown };
    expect(Array.isArray(body.errors)).toBe(true);
    expect((body.errors as string[])[0]).toMatch(/larger than/);
  });

  it('answers an unknown path outside /v1 and every refused request with the errors body', async () => {
    for (const response of [
      await get('/nothing-here'),
      await get('/v1/nothing-here/at-all'),
      await get('/v1/gcp/roleset/..%2Fconfig'),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(Array.isArray(((await response.json()) as { errors: unknown }).errors)).toBe(true);
    }
  });
});
