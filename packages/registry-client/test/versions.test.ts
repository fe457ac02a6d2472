import { describe, expect, it } from 'vitest';
import {
  NotFoundError,
  RequestValidationError,
  UnauthorizedError,
  UnprocessableEntityError,
} from '../src/index.js';
import { apiCalls, isA, setup } from './support.js';

describe('versions', () => {
  it('moves through unreleased → active → revoked → active, releasing only with a usable provider', async () => {
    const { registry, alice } = await setup();
    await alice.boxes.create({ name: 'states', is_private: false });
    const created = await alice.versions.create('alice/states', { version: '1.0.0' });
    expect(created).toMatchObject({
      version: '1.0.0',
      number: '1.0.0',
      status: 'unreleased',
      description_markdown: null,
    });
    expect(created.release_url).toBe(`${registry.url}/api/v1/box/alice/states/version/1.0.0/release`);
    expect(created.revoke_url).toBe(`${registry.url}/api/v1/box/alice/states/version/1.0.0/revoke`);

    const bare = await alice.versions.release('alice/states', '1.0.0').catch((error: unknown) => error);
    expect(UnprocessableEntityError.isInstance(bare)).toBe(true);
    expect((bare as UnprocessableEntityError).errors[0]).toMatch(/needs a provider/);

    await alice.providers.create('alice/states', '1.0.0', { name: 'libvirt' });
    await expect(alice.versions.release('alice/states', '1.0.0')).rejects.toSatisfy(
      isA(UnprocessableEntityError),
    );

    await alice.providers.update('alice/states', '1.0.0', 'libvirt', {
      url: 'https://example.com/states.box',
    });
    expect((await alice.versions.release('alice/states', '1.0.0')).status).toBe('active');
    await expect(alice.versions.release('alice/states', '1.0.0')).rejects.toSatisfy(
      isA(UnprocessableEntityError),
    );

    expect((await alice.versions.revoke('alice/states', '1.0.0')).status).toBe('revoked');
    await expect(alice.versions.revoke('alice/states', '1.0.0')).rejects.toSatisfy(
      isA(UnprocessableEntityError),
    );
    expect((await alice.boxes.read('alice/states')).current_version).toBeNull();

    expect((await alice.versions.release('alice/states', '1.0.0')).status).toBe('active');
    expect(apiCalls(registry).filter((call) => call.startsWith('PUT'))).toEqual([
      'PUT /api/v1/box/alice/states/version/1.0.0/release',
      'PUT /api/v1/box/alice/states/version/1.0.0/release',
      'PUT /api/v1/box/alice/states/version/1.0.0/provider/libvirt',
      'PUT /api/v1/box/alice/states/version/1.0.0/release',
      'PUT /api/v1/box/alice/states/version/1.0.0/release',
      'PUT /api/v1/box/alice/states/version/1.0.0/revoke',
      'PUT /api/v1/box/alice/states/version/1.0.0/revoke',
      'PUT /api/v1/box/alice/states/version/1.0.0/release',
    ]);
  });

  it('shows others only released versions, and the highest one as current', async () => {
    const { alice, bob } = await setup();
    await alice.boxes.create({ name: 'multi', is_private: false });
    for (const version of ['1.9.0', '1.10.0', '2.0.0']) {
      await alice.versions.create('alice/multi', { version });
      await alice.providers.create('alice/multi', version, {
        name: 'docker',
        url: 'https://example.com/a.box',
      });
    }
    await alice.versions.release('alice/multi', '1.9.0');
    await alice.versions.release('alice/multi', '1.10.0');

    const seenByBob = await bob.boxes.read('alice/multi');
    expect(seenByBob.current_version?.version).toBe('1.10.0');
    expect(seenByBob.versions?.map((version) => version.version)).toEqual(['1.9.0', '1.10.0']);
    expect((await alice.boxes.read('alice/multi')).versions).toHaveLength(3);
    await expect(bob.versions.read('alice/multi', '2.0.0')).rejects.toSatisfy(isA(NotFoundError));
    expect((await alice.versions.read('alice/multi', '2.0.0')).status).toBe('unreleased');
    await expect(bob.versions.release('alice/multi', '2.0.0')).rejects.toSatisfy(isA(UnauthorizedError));
    await expect(bob.versions.revoke('alice/multi', '1.9.0')).rejects.toSatisfy(isA(UnauthorizedError));
  });

  it('updates and deletes a version, wrapping fields as { version: {...} }', async () => {
    const { registry, alice } = await setup();
    await alice.boxes.create({ name: 'edit' });
    await alice.versions.create('alice/edit', { version: '0.1', description: 'draft' });
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      version: { version: '0.1', description: 'draft' },
    });

    const described = await alice.versions.update('alice/edit', '0.1', {
      description: 'Line one\n\nLine <two>',
    });
    expect(described.description_html).toBe('<p>Line one</p>\n<p>Line &lt;two&gt;</p>\n');
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      version: { description: 'Line one\n\nLine <two>' },
    });
    const renumbered = await alice.versions.update('alice/edit', '0.1', { version: '0.2' });
    expect(renumbered.version).toBe('0.2');
    await alice.versions.create('alice/edit', { version: '0.3' });
    await expect(alice.versions.update('alice/edit', '0.3', { version: '0.2' })).rejects.toSatisfy(
      isA(UnprocessableEntityError),
    );
    await expect(alice.versions.create('alice/edit', { version: '0.3' })).rejects.toSatisfy(
      isA(UnprocessableEntityError),
    );

    expect((await alice.versions.delete('alice/edit', '0.2')).version).toBe('0.2');
    await expect(alice.versions.read('alice/edit', '0.2')).rejects.toSatisfy(isA(NotFoundError));
    await expect(alice.versions.delete('alice/edit', '9.9')).rejects.toSatisfy(isA(NotFoundError));
  });

  it('checks versions before sending anything', async () => {
    const { registry, alice } = await setup();
    for (const request of [{}, { version: '' }, { version: 1 }, { version: '1', notes: 'x' }]) {
      await expect(alice.versions.create('alice/x', request as never)).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    await expect(alice.versions.update('alice/x', '1', {})).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.versions.read('alice/x', '..')).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.versions.release('alice/x', '')).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.versions.revoke('bad-tag', '1')).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.versions.delete('alice/x', '.')).rejects.toBeInstanceOf(RequestValidationError);
    expect(registry.requests).toHaveLength(0);
  });

  it('lets the fake refuse a version without a number with 403', async () => {
    const { alice } = await setup();
    await alice.boxes.create({ name: 'raw' });
    await expect(
      alice.request({
        method: 'POST',
        path: '/box/alice/raw/versions',
        body: { version: { description: 'x' } },
      }),
    ).rejects.toMatchObject({ status: 403, errors: ['version.version is required'] });
  });
});
