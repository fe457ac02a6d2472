import { describe, expect, it } from 'vitest';
import {
  ApiError,
  NotFoundError,
  RequestValidationError,
  UnauthorizedError,
  UnprocessableEntityError,
} from '../src/index.js';
import { apiCalls, isA, setup } from './support.js';

describe('boxes', () => {
  it('creates, reads, updates and deletes a box, wrapping fields as { box: {...} }', async () => {
    const { registry, alice } = await setup();
    const created = await alice.boxes.create({
      name: 'trusty',
      short_description: 'Trusty',
      description: 'An **old** box',
    });
    expect(created).toMatchObject({
      tag: 'alice/trusty',
      username: 'alice',
      name: 'trusty',
      private: true,
      downloads: 0,
      short_description: 'Trusty',
      description_markdown: 'An **old** box',
      description_html: '<p>An **old** box</p>\n',
      current_version: null,
      versions: [],
    });
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      box: { name: 'trusty', short_description: 'Trusty', description: 'An **old** box' },
    });

    const updated = await alice.boxes.update('alice/trusty', { is_private: false, short_description: '' });
    expect(updated).toMatchObject({
      private: false,
      short_description: '',
      description_markdown: 'An **old** box',
    });
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      box: { is_private: false, short_description: '' },
    });

    const renamed = await alice.boxes.update('alice/trusty', { name: 'xenial' });
    expect(renamed.tag).toBe('alice/xenial');
    expect((await alice.boxes.read('alice/xenial')).name).toBe('xenial');

    const deleted = await alice.boxes.delete('alice/xenial');
    expect(deleted.tag).toBe('alice/xenial');
    await expect(alice.boxes.read('alice/xenial')).rejects.toSatisfy(isA(NotFoundError));
    expect(apiCalls(registry)).toEqual([
      'POST /api/v1/boxes',
      'PUT /api/v1/box/alice/trusty',
      'PUT /api/v1/box/alice/trusty',
      'GET /api/v1/box/alice/xenial',
      'DELETE /api/v1/box/alice/xenial',
      'GET /api/v1/box/alice/xenial',
    ]);
  });

  it('creates boxes for an organization the user belongs to, and refuses others', async () => {
    const { alice, bob } = await setup();
    const box = await alice.boxes.create({ username: 'acme', name: 'tools' });
    expect(box.tag).toBe('acme/tools');
    await expect(bob.boxes.create({ username: 'acme', name: 'other' })).rejects.toSatisfy(
      isA(UnauthorizedError),
    );
    await expect(bob.boxes.create({ username: 'nobody', name: 'x' })).rejects.toSatisfy(isA(NotFoundError));
  });

  it('keeps private boxes invisible (404) to everyone but their owners', async () => {
    const { alice, bob, anonymous } = await setup();
    await alice.boxes.create({ name: 'secret' });
    await alice.boxes.create({ name: 'open', is_private: false });
    await alice.boxes.create({ username: 'acme', name: 'internal' });

    await expect(bob.boxes.read('alice/secret')).rejects.toSatisfy(isA(NotFoundError));
    await expect(anonymous.boxes.read('alice/secret')).rejects.toSatisfy(isA(NotFoundError));
    await expect(bob.boxes.read('acme/internal')).rejects.toSatisfy(isA(NotFoundError));
    await expect(bob.boxes.delete('alice/secret')).rejects.toSatisfy(isA(NotFoundError));
    expect((await alice.boxes.read('acme/internal')).private).toBe(true);

    const seenByBob = await bob.users.read('alice');
    expect(seenByBob.boxes.map((box) => box.tag)).toEqual(['alice/open']);
    const seenByAlice = await alice.users.read('alice');
    expect(seenByAlice.boxes.map((box) => box.tag).sort()).toEqual(['alice/open', 'alice/secret']);
  });

  it('lets only the owner change a public box (401 for others)', async () => {
    const { alice, bob, anonymous } = await setup();
    await alice.boxes.create({ name: 'public', is_private: false });
    expect((await bob.boxes.read('alice/public')).tag).toBe('alice/public');
    await expect(bob.boxes.update('alice/public', { short_description: 'mine' })).rejects.toSatisfy(
      isA(UnauthorizedError),
    );
    await expect(anonymous.boxes.delete('alice/public')).rejects.toSatisfy(isA(UnauthorizedError));
    await expect(anonymous.boxes.create({ name: 'anon' })).rejects.toSatisfy(isA(UnauthorizedError));
  });

  it('refuses a second box of the same name with 422', async () => {
    const { alice } = await setup();
    await alice.boxes.create({ name: 'twice' });
    const error = await alice.boxes.create({ name: 'twice' }).catch((caught: unknown) => caught);
    expect(UnprocessableEntityError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ errors: ['name twice has already been taken'] });
  });

  it('answers 402 for the boxes of an owner behind on billing', async () => {
    const { registry, alice } = await setup();
    await alice.boxes.create({ name: 'billing' });
    registry.setDelinquent('alice', true);
    const error = await alice.boxes.read('alice/billing').catch((caught: unknown) => caught);
    expect(ApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 402 });
    expect((error as ApiError).message).toMatch(/delinquent/);
    await expect(alice.boxes.create({ name: 'more' })).rejects.toMatchObject({ status: 402 });
    registry.setDelinquent('alice', false);
    expect((await alice.boxes.read('alice/billing')).name).toBe('billing');
  });

  it('checks tags and fields before sending anything', async () => {
    const { registry, alice } = await setup();
    const tags = ['alice', 'alice/', '/box', 'a/b/c', 'alice/..', 'alice/.', ''];
    for (const tag of tags) {
      await expect(alice.boxes.read(tag)).rejects.toBeInstanceOf(RequestValidationError);
      await expect(alice.boxes.delete(tag)).rejects.toBeInstanceOf(RequestValidationError);
    }
    const creates = [
      {},
      { name: '' },
      { name: 'x', is_private: 'true' },
      { name: 'x', organization: 'acme' },
      { name: 'x', username: '' },
      { name: 'x', description: null },
    ];
    for (const request of creates) {
      await expect(alice.boxes.create(request as never)).rejects.toBeInstanceOf(RequestValidationError);
    }
    await expect(alice.boxes.update('alice/x', {})).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.boxes.update('alice/x', { name: undefined })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    // An unknown field is named with the field nearest to it, or with all of them when none is near.
    const misspelt = await alice.boxes
      .create({ name: 'x', short_descripton: 'a box' } as never)
      .catch((e) => e);
    expect((misspelt as RequestValidationError).issues).toEqual([
      {
        path: 'short_descripton',
        message: 'is not a field; did you mean `short_description`? (names are case-sensitive)',
      },
    ]);
    const unknown = await alice.versions
      .create('alice/x', { version: '1.0.0', notes: 'n' } as never)
      .catch((e) => e);
    expect((unknown as RequestValidationError).issues[0]?.message).toBe(
      'is not a field; the fields are version, description',
    );
    expect(registry.requests).toHaveLength(0);
  });

  it('encodes each part of a tag as one path segment', async () => {
    const { registry, alice } = await setup();
    await expect(alice.boxes.read('alice/a?b#c%d')).rejects.toSatisfy(isA(NotFoundError));
    expect(registry.requests.at(-1)?.path).toBe('/api/v1/box/alice/a%3Fb%23c%25d');
  });

  it('lets the fake refuse missing and invalid fields with 403', async () => {
    const { alice } = await setup();
    const missing = await alice
      .request({ method: 'POST', path: '/boxes', body: {} })
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({
      status: 403,
      errors: ['box.name is required'],
    });
    await expect(
      alice.request({ method: 'POST', path: '/boxes', body: { box: { name: 'bad name' } } }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      alice.request({ method: 'POST', path: '/boxes', body: { box: { name: 'ok', is_private: 'yes' } } }),
    ).rejects.toMatchObject({ status: 403, errors: ['box.is_private must be true or false'] });
  });
});

describe('users', () => {
  it('reads a user or organization with its profile', async () => {
    const { registry, anonymous } = await setup();
    registry.addOrganization({
      username: 'globex',
      members: [],
      profile: 'We make *things*',
      avatarUrl: 'https://a/b.png',
    });
    const organization = await anonymous.users.read('globex');
    expect(organization).toEqual({
      username: 'globex',
      avatar_url: 'https://a/b.png',
      profile_html: '<p>We make *things*</p>\n',
      profile_markdown: 'We make *things*',
      boxes: [],
    });
    await expect(anonymous.users.read('nobody')).rejects.toSatisfy(isA(NotFoundError));
    await expect(anonymous.users.read('')).rejects.toBeInstanceOf(RequestValidationError);
  });
});
